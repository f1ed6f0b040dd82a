/**
 * The still time after a disc came to rest within a frame interval (at 30 fps the last frame
 * that differs from the one before can come a whole interval after it stopped): counted from
 * the frame before, where its last motion was a small residual after motion and nothing moved
 * on the next frame; never while something still moves.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { BoardTracker } from './board-tracker.ts';
import type { TrackOptions } from './defaults.ts';
import { COLORS, play, Script, syntheticCalibration, truthDetector, type SynthState } from './synthetic-frames.ts';
import type { TrackerEvent } from './types.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const noCv = {} as CV;
const SETTLE_MS = 100;

function run(script: Script, track: Partial<TrackOptions> = {}): { shots: Extract<TrackerEvent, { type: 'shot' }>[]; events: TrackerEvent[] } {
  const holder: { state: SynthState } = { state: { discs: [], hand: null } };
  const tracker = new BoardTracker(noCv, {
    profile,
    calibration: syntheticCalibration(profile.id),
    teamColors: [COLORS.A!, COLORS.B!],
    detector: truthDetector(() => holder.state),
    track: { settleMs: SETTLE_MS, ...track },
  });
  const events: TrackerEvent[] = [];
  for (const f of play(script, profile, holder)) events.push(...tracker.push(f));
  return { shots: events.filter((e): e is Extract<TrackerEvent, { type: 'shot' }> => e.type === 'shot'), events };
}

/**
 * A disc put down, then moved frame by frame along y by these steps (mm), then left still.
 * Returns the script, the time of its first frame of motion and of the first frame it lies at rest on.
 */
function stepped(stepsMm: number[], fps = 30): { script: Script; startMs: number; restMs: number; yMm: number } {
  const s = new Script(fps).add({ id: 'b1', team: 'B', xMm: -120, yMm: 120 }).hold(300);
  s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -280 }));
  s.hold(400);
  const a1 = s.state.discs.find((d) => d.id === 'a1')!;
  const startMs = (s.frames.length * 1000) / fps;
  for (const step of stepsMm) {
    a1.yMm += step;
    s.hold(1000 / fps);
  }
  const restMs = ((s.frames.length - 1) * 1000) / fps;
  s.hold(600);
  return { script: s, startMs, restMs, yMm: a1.yMm };
}

describe('the still time after a disc came to rest', () => {
  it('a disc caught short (its last motion a small residual) is called a frame interval sooner, where it stopped', () => {
    // Fast, then a short last step: a disc dropping into a pit, or braking hard.
    const { script, restMs, yMm } = stepped([30, 30, 30, 30, 30, 24, 8]);
    const { shots } = run(script);
    expect(shots).toHaveLength(1);
    const shot = shots[0]!;
    // Its last frame of motion is the frame it came to rest on: the still time counts from the
    // frame before, and the call is out less than the settle time after it stopped.
    expect(shot.tMs).toBeGreaterThanOrEqual(restMs + SETTLE_MS - 1000 / 30 - 1e-6);
    expect(shot.tMs).toBeLessThan(restMs + SETTLE_MS);
    const a1 = shot.board.discs.find((d) => d.id === shot.shot.shotDiscId)!;
    expect(Math.hypot(a1.xMm, a1.yMm - yMm)).toBeLessThan(0.2);
    // Counted from the frame of the residual (the rule off), the call comes a frame later, on the same board.
    const off = run(script, { restResidualDiscAreas: 0 }).shots;
    expect(off).toHaveLength(1);
    expect(off[0]!.tMs).toBeGreaterThanOrEqual(restMs + SETTLE_MS - 1e-6);
    expect(off[0]!.board).toEqual(shot.board);
  });

  it('a last step longer than the one before (a disc caught by a rim) is a residual too', () => {
    // Slow, then a last step twice as long as the one before: its motion grew, yet nothing moves after it.
    const { script, restMs, yMm } = stepped([30, 20, 10, 4, 8]);
    const { shots } = run(script);
    expect(shots).toHaveLength(1);
    expect(shots[0]!.tMs).toBeGreaterThanOrEqual(restMs + SETTLE_MS - 1000 / 30 - 1e-6);
    expect(shots[0]!.tMs).toBeLessThan(restMs + SETTLE_MS);
    const a1 = shots[0]!.board.discs.find((d) => d.id === shots[0]!.shot.shotDiscId)!;
    expect(Math.hypot(a1.xMm, a1.yMm - yMm)).toBeLessThan(0.2);
  });

  it('a disc still under way after a small step (not shrinking any more) is not called until it stops', () => {
    // It slows, then crawls on at a steady few millimetres a frame for a third of a second.
    const crawl = Array.from({ length: 10 }, () => 5);
    const { script, startMs, restMs, yMm } = stepped([30, 30, 30, 20, 10, ...crawl]);
    const { shots, events } = run(script);
    expect(shots).toHaveLength(1);
    const shot = shots[0]!;
    // Nothing called while it crawled: the still time starts again on each of its steps.
    expect(events.filter((e) => (e.type === 'shot' || e.type === 'board-change' || e.type === 'unchanged') && e.tMs >= startMs && e.tMs <= restMs)).toEqual([]);
    expect(shot.tMs).toBeGreaterThanOrEqual(restMs + SETTLE_MS - 1000 / 30 - 1e-6);
    const a1 = shot.board.discs.find((d) => d.id === shot.shot.shotDiscId)!;
    expect(Math.hypot(a1.xMm, a1.yMm - yMm)).toBeLessThan(0.2);
  });

  it('motion of a disc still travelling fast is no residual: the still time counts from its last frame', () => {
    // Stopped dead from full speed (its last step as long as the ones before).
    const { script, restMs } = stepped([30, 30, 30, 30, 30, 30]);
    const { shots } = run(script);
    expect(shots).toHaveLength(1);
    expect(shots[0]!.tMs).toBeGreaterThanOrEqual(restMs + SETTLE_MS - 1e-6);
  });
});
