/**
 * A video through the live referee: frames into the tracker, its events into the referee,
 * the referee's messages out, with timings. Shared by `demo`, `analyze <video>` and the
 * live benchmark.
 */
import type { TeamId } from '../rules/core/board-state.ts';
import type { MatchEnvironment } from '../rules/core/match.ts';
import type { BoardProfile } from '../rules/profiles/schema.ts';
import { LiveReferee, type RefereeMessage, type SetupEvent } from '../server/live/live-referee.ts';
import type { ClickedPoint } from '../vision/calibrate/manual.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import type { Rgb } from '../vision/detect/teams.ts';
import type { CV } from '../vision/opencv/load-opencv.ts';
import { BoardTracker } from '../vision/track/board-tracker.ts';
import type { TrackOptions } from '../vision/track/defaults.ts';
import { namedPieceColours } from '../vision/track/named-colours.ts';
import type { FrameStats, TrackerEvent } from '../vision/track/types.ts';
import type { VideoSource } from '../vision/video/types.ts';

export interface SessionOptions {
  cv: CV;
  env: MatchEnvironment;
  setup: SetupEvent;
  profile: BoardProfile;
  teamColors?: Rgb[];
  track?: Partial<TrackOptions>;
  /** The camera's height above the board as measured (mm); see vision/calibrate/camera-height.ts. */
  cameraHeightMm?: number;
  /** Points of the board a person found in the image, for a manual calibration (see BoardTrackerOptions). */
  clickedPoints?: readonly ClickedPoint[];
  /** The clock frames and decoding are timed with (ms; wall time when absent): see BoardTrackerOptions.clock. */
  clock?: () => number;
  /** Called with every referee message as it happens. */
  onMessage?: (m: RefereeMessage, referee: LiveReferee) => void;
  /** Called with every tracker event (before the referee sees it). */
  onTrackerEvent?: (e: TrackerEvent) => void;
  /** Called after every frame. */
  onFrame?: (index: number, stats: FrameStats) => void;
  /**
   * Answers a too-close call when no person is at hand (the demo plays the operator from the
   * rendered truth); null leaves the match waiting.
   */
  decide?: (pending: Extract<RefereeMessage, { type: 'waiting' }>, referee: LiveReferee) => { discId: string; call: 'clear' | 'touching' }[] | null;
}

export interface SessionResult {
  referee: LiveReferee;
  messages: RefereeMessage[];
  trackerEvents: TrackerEvent[];
  frames: number;
  /** Per frame: the cheap path's time and the detection time (ms). */
  cheapMs: number[];
  detectMs: number[];
  /** Time spent decoding frames (ms, total; by the session's clock). */
  decodeMs: number;
  wallMs: number;
  calibration: Calibration | null;
  teamColors: readonly Rgb[];
}

export async function runSession(video: VideoSource, o: SessionOptions): Promise<SessionResult> {
  const t0 = performance.now();
  // Carrom's men are told apart by colour, not by team: they are labelled 'white' / 'black'.
  const named = namedPieceColours(o.setup.game, o.teamColors);
  const colours = named ? { teamCount: named.colors.length, teamColors: named.colors, teamLabels: named.labels } : { teamCount: o.setup.teams.length, ...(o.teamColors ? { teamColors: o.teamColors } : {}) };
  const now = o.clock ?? (() => performance.now());
  const tracker = new BoardTracker(o.cv, { profile: o.profile, ...colours, ...(o.track ? { track: o.track } : {}), ...(o.cameraHeightMm !== undefined ? { cameraHeightMm: o.cameraHeightMm } : {}), ...(o.clickedPoints ? { clickedPoints: o.clickedPoints } : {}), ...(o.clock ? { clock: o.clock } : {}) });
  const referee = new LiveReferee({ env: o.env, setup: o.setup });
  const messages: RefereeMessage[] = [];
  const trackerEvents: TrackerEvent[] = [];
  const cheapMs: number[] = [];
  const detectMs: number[] = [];
  let decodeMs = 0;
  let frames = 0;
  const say = (ms: RefereeMessage[]) => {
    for (const m of ms) {
      messages.push(m);
      o.onMessage?.(m, referee);
      if (m.type === 'waiting' && o.decide) {
        const answers = o.decide(m, referee);
        for (const a of answers ?? []) say(referee.decide(a, m.tMs));
      }
    }
  };
  try {
    const it = video.frames()[Symbol.asyncIterator]();
    for (;;) {
      const d0 = now();
      const next = await it.next();
      if (next.done) break;
      const frame = next.value;
      // MJPEG frames arrive decoded; count that as decoding, not as the tracker's work.
      if (frame.luma === null) frame.toFrame();
      decodeMs += now() - d0;
      const events = tracker.push(frame);
      const stats = tracker.lastFrameStats;
      if (stats.state !== 'calibrating') {
        cheapMs.push(stats.cheapMs);
        detectMs.push(stats.detectMs);
      }
      frames++;
      o.onFrame?.(frames - 1, stats);
      for (const e of events) {
        trackerEvents.push(e);
        o.onTrackerEvent?.(e);
        say(referee.onTrackerEvent(e));
      }
    }
  } finally {
    video.close();
  }
  const result: SessionResult = {
    referee,
    messages,
    trackerEvents,
    frames,
    cheapMs,
    detectMs,
    decodeMs,
    wallMs: performance.now() - t0,
    calibration: tracker.calibrationInUse,
    teamColors: tracker.teamColors,
  };
  tracker.dispose();
  return result;
}

export function formatScore(s: Record<TeamId, number>): string {
  return Object.entries(s)
    .map(([t, p]) => `${t} ${p}`)
    .join(' - ');
}

export function percentile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
