/**
 * How long after the board came to rest each call was emitted, as a live loop on one core
 * would emit it: frames arrive at their timestamps and are processed one after another, a
 * frame waiting for the previous one to finish (so a detection made ahead of the call, on an
 * earlier frame, delays what follows it). The call is out when its frame's processing ends.
 * The truth's at-rest times are the video's own (every disc stopped; no hand in view).
 *
 * Two clocks: from the moment the board went still (the work of the still frames up to the
 * call: what the settle and the detection cost), and over the whole video (also any backlog
 * the frame loop built up while things moved, when its frames took longer than they last).
 */
import type { SessionResult } from '../../cli/live-session.ts';
import type { Comparison } from '../../cli/video-truth.ts';
import type { VideoTruth } from '../../fixtures/video/types.ts';
import type { BoardMotion } from '../../vision/track/types.ts';

/**
 * This process's CPU time (user and system, ms): the frame loop is single-threaded, so this is
 * what its work would take on a core of its own, whereas wall time on a shared machine also
 * counts the time it waited for a core (a loaded 2-core machine inflates it several times).
 * It also counts the process's other threads (garbage collection, file reads), so it errs long:
 * on a quiet machine by about a third.
 */
export function cpuClockMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export interface FrameTiming {
  tMs: number;
  state: BoardMotion;
  cheapMs: number;
  detectMs: number;
}

/**
 * When each frame's processing ends (stream ms), from the first frame after the board was
 * found (the frames before are the one-off calibration). With `fromStill`, the loop starts
 * afresh on the first still frame after motion (what came before is not counted).
 */
export function processingEnds(frames: readonly FrameTiming[], fromStill = false): Map<number, number> {
  const end = new Map<number, number>();
  let busy = -Infinity;
  let started = false;
  let prev: FrameTiming['state'] | null = null;
  for (const f of frames) {
    if (fromStill && f.state === 'settling' && prev !== 'settling') busy = f.tMs;
    prev = f.state;
    if (!started) {
      // The frame the board was found on: its calibration is a one-off, not part of a call.
      started = f.state !== 'calibrating';
      busy = f.tMs;
      end.set(f.tMs, f.tMs);
      continue;
    }
    const begin = Math.max(f.tMs, busy);
    busy = begin + f.cheapMs + f.detectMs;
    end.set(f.tMs, busy);
  }
  return end;
}

export interface CallDelays {
  /** From the board at rest with no hand in view (truth settledMs) to the call (ms), the work since the board went still counted. */
  delays: number[];
  /** The same, any backlog of the frame loop counted too. */
  withBacklog: number[];
  /** From the last disc stopping (truth restMs) to the call (ms). */
  fromStop: number[];
  /** Detection time behind each call (wherever it ran; ms). */
  detectMs: number[];
}

export function callDelays(truth: VideoTruth, session: Pick<SessionResult, 'messages' | 'trackerEvents'>, cmp: Comparison, frames: readonly FrameTiming[]): CallDelays {
  const end = processingEnds(frames, true);
  const whole = processingEnds(frames);
  const seen = session.messages.filter((m) => m.type === 'shot');
  const out: CallDelays = { delays: [], withBacklog: [], fromStop: [], detectMs: [] };
  for (const c of cmp.shots) {
    if (c.truthIndex === null || c.seenIndex === null) continue;
    const t = truth.shots[c.truthIndex]!;
    const calledMs = seen[c.seenIndex]!.tMs;
    const emittedMs = end.get(calledMs) ?? calledMs;
    out.delays.push(emittedMs - t.settledMs);
    out.withBacklog.push((whole.get(calledMs) ?? calledMs) - t.settledMs);
    out.fromStop.push(emittedMs - t.restMs);
    const e = session.trackerEvents.find((x) => x.type === 'shot' && x.tMs === calledMs);
    if (e?.type === 'shot') out.detectMs.push(e.detail.detectMs);
  }
  return out;
}
