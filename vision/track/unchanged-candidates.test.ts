/**
 * A box the tracker detects in reaches past what changed: paint, grain and discs that stayed
 * inside it draw candidates that cost a fit each. The tracker tells the detector where the image
 * is as at the last rest (unchangedAt), and nothing there is fitted, except where a hand was
 * over a disc of the board's tone or where a disc seen moving started or stopped. The detector
 * here honours it as the real one does (drops what lies there); the calls must not change.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { Rgb } from '../detect/teams.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { BoardTracker } from './board-tracker.ts';
import type { TrackOptions } from './defaults.ts';
import type { RegionDetectInput } from './region-detect.ts';
import { COLORS, DISC_R_MM, play, Script, syntheticCalibration, truthDetector, type SynthState } from './synthetic-frames.ts';
import type { TrackerEvent } from './types.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const noCv = {} as CV;
// The synthetic board's own tone (see low-contrast.test.ts).
const BOARD_TONE: Rgb = [193, 153, 104];

function run(script: Script, track: Partial<TrackOptions> = {}): { events: TrackerEvent[]; tracker: BoardTracker; inputs: RegionDetectInput[] } {
  const holder: { state: SynthState } = { state: { discs: [], hand: null } };
  const truth = truthDetector(() => holder.state);
  const inputs: RegionDetectInput[] = [];
  const detector = (input: RegionDetectInput) => {
    inputs.push(input);
    return truth(input).filter((d) => !input.unchangedAt?.(d.xMm, d.yMm, d.radiusMm));
  };
  const tracker = new BoardTracker(noCv, { profile, calibration: syntheticCalibration(profile.id), teamColors: [COLORS.A!, COLORS.B!], detector, track });
  const events: TrackerEvent[] = [];
  for (const f of play(script, profile, holder)) events.push(...tracker.push(f));
  return { events, tracker, inputs };
}

/** The calls made, without the time their detection took. */
const calls = (events: TrackerEvent[]) => events.filter((e) => e.type === 'shot' || e.type === 'board-change').map((e) => JSON.parse(JSON.stringify(e, (k, v) => (k === 'detectMs' ? undefined : v))) as TrackerEvent);

/** b1 waits; a1 is put down and flicked into b2, which goes on; b2 ends well away from b1. */
function shot(): Script {
  const s = new Script(60).add({ id: 'b1', team: 'B', xMm: -120, yMm: 120 }).add({ id: 'b2', team: 'B', xMm: 10, yMm: 40 }).hold(300);
  s.handVisit({ xMm: 10, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 10, yMm: -280 }));
  s.slide([{ id: 'a1', to: { xMm: 10, yMm: 40 - 2 * DISC_R_MM }, ms: 700 }]);
  s.slide([{ id: 'b2', to: { xMm: -40, yMm: 150 }, ms: 800 }]);
  return s.hold(600);
}

describe('candidates where nothing changed', () => {
  it('are not fitted, and the calls are what they are when every candidate is', () => {
    const skipping = run(shot());
    const fitting = run(shot(), { skipUnchangedCandidates: false });
    expect(calls(skipping.events)).toEqual(calls(fitting.events));
    expect(calls(skipping.events).map((e) => e.type)).toEqual(['shot']);
    const asked = skipping.inputs.filter((i) => i.boxes !== null && i.unchangedAt);
    expect(asked.length).toBeGreaterThan(0);
    const last = asked[asked.length - 1]!.unchangedAt!;
    // Bare board far from anything, and the disc that waited: as before.
    expect(last(200, -150, DISC_R_MM)).toBe(true);
    expect(last(-120, 120, DISC_R_MM)).toBe(true);
    // Where the struck disc lay and where it stopped, and where the shot disc stopped: changed.
    expect(last(10, 40, DISC_R_MM)).toBe(false);
    expect(last(-40, 150, DISC_R_MM)).toBe(false);
    expect(last(10, 40 - 2 * DISC_R_MM, DISC_R_MM)).toBe(false);
    // Not asked of a tracker with the option off.
    expect(fitting.inputs.some((i) => i.unchangedAt)).toBe(false);
  });

  it('a disc of the board tone a hand was over is still looked for where it lay', () => {
    const s = new Script(60).add({ id: 'b1', team: 'B', color: BOARD_TONE, xMm: -120, yMm: 90 }).add({ id: 'a1', team: 'A', xMm: 100, yMm: -60 }).hold(300);
    s.handVisit({ xMm: -120, yMm: 60 }, 900);
    s.hold(400);
    const { events, tracker, inputs } = run(s);
    // Its place looks as before, yet only detection tells it is still there: it is.
    expect(inputs.some((i) => i.unchangedAt && !i.unchangedAt(-120, 90, DISC_R_MM))).toBe(true);
    expect(events.filter((e) => e.type === 'board-change')).toEqual([]);
    expect(tracker.tracks.map((t) => t.team).sort()).toEqual(['A', 'B']);
  });
});
