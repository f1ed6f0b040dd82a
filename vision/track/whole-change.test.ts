/**
 * The board changed all over with nothing on it moved: a light switched on (the table round it
 * changes too) is a change of light, and once still the board is looked at again and play goes
 * on; a bumped camera (a plain table changes little) first looks like an arm reaching in, and
 * when nothing in it moves for a while the view is checked against the calibration and the
 * board is said to be lost. Before, both held the tracker in "hand" for good.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { Frame } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { videoFrameOf } from '../video/types.ts';
import { BoardTracker } from './board-tracker.ts';
import { COLORS, H, play, Script, syntheticCalibration, truthDetector, W, type SynthState } from './synthetic-frames.ts';
import type { BoardMotion, TrackerEvent } from './types.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const FPS = 30;
const CHANGE_MS = 1000;

/** The script's frames, each changed by `change` from CHANGE_MS on. */
function run(script: Script, change: (rgba: Uint8ClampedArray) => Uint8ClampedArray): { events: TrackerEvent[]; states: { tMs: number; state: BoardMotion }[] } {
  const holder: { state: SynthState } = { state: { discs: [], hand: null } };
  const tracker = new BoardTracker({} as CV, { profile, calibration: syntheticCalibration(profile.id), teamColors: [COLORS.A!, COLORS.B!], detector: truthDetector(() => holder.state) });
  const events: TrackerEvent[] = [];
  const states: { tMs: number; state: BoardMotion }[] = [];
  let i = 0;
  for (const f of play(script, profile, holder)) {
    const tMs = f.timestampMs;
    const rgba = new Uint8ClampedArray(f.toFrame().data);
    const frame: Frame = { data: tMs >= CHANGE_MS ? change(rgba) : rgba, widthPx: W, heightPx: H, timestampMs: tMs };
    events.push(...tracker.push(videoFrameOf(frame, i++)));
    states.push({ tMs, state: tracker.lastFrameStats.state });
  }
  return { events, states };
}

const brighter = (rgba: Uint8ClampedArray) => rgba.map((v, i) => (i % 4 === 3 ? v : v * 1.3 + 10));
const shifted = (dxPx: number) => (rgba: Uint8ClampedArray) => {
  const out = new Uint8ClampedArray(rgba.length);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out.set(rgba.subarray((y * W + Math.max(0, x - dxPx)) * 4, (y * W + Math.max(0, x - dxPx)) * 4 + 4), (y * W + x) * 4);
  return out;
};

describe('the board changed all over', () => {
  it('a light switched on: looked at again once still, and a disc put down later is seen', () => {
    const s = new Script(FPS).add({ id: 'b1', team: 'B', xMm: 100, yMm: 100 }).hold(CHANGE_MS + 1000);
    s.add({ id: 'a1', team: 'A', xMm: -100, yMm: -100 }).hold(800);
    const { events, states } = run(s, brighter);
    // The change: no hand, the board unchanged once still (within a few frames of the settle time).
    expect(states.filter((x) => x.tMs >= CHANGE_MS && x.tMs < CHANGE_MS + 1000).some((x) => x.state === 'hand')).toBe(false);
    const after = events.filter((e) => e.tMs >= CHANGE_MS && e.type !== 'motion');
    expect(after[0]).toMatchObject({ type: 'unchanged' });
    expect(after[0]!.tMs).toBeLessThan(CHANGE_MS + 300);
    // Play goes on: the disc put down later is seen.
    expect(after.some((e) => e.type === 'board-change' && e.addedIds.length === 1)).toBe(true);
    expect(states.at(-1)!.state).toBe('at-rest');
  });

  it('a bumped camera: the view is checked once nothing moves, and the board is said to be lost, once', () => {
    const s = new Script(FPS).add({ id: 'b1', team: 'B', xMm: 100, yMm: 100 }).hold(CHANGE_MS + 3000);
    const { events } = run(s, shifted(12));
    const after = events.filter((e) => e.tMs >= CHANGE_MS && e.type !== 'motion');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ type: 'no-board' });
    expect(after[0]!.tMs).toBeLessThan(CHANGE_MS + 1500);
    if (after[0]!.type === 'no-board') expect(after[0]!.reason).toMatch(/the view changed/);
  });
});
