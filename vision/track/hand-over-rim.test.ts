/**
 * A hand held still over the board while its arm, where it crosses the board's dark rim, looks
 * like the rim: the hand over the board and the arm beyond it are two changed regions, neither
 * of which alone is a hand (the one over the board does not reach the image border and is
 * smaller than "a hand wherever it is"). Taken together they are, and no call is made while
 * the hand is there.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { BoardTracker } from './board-tracker.ts';
import type { TrackOptions } from './defaults.ts';
import { COLORS, play, Script, syntheticCalibration, truthDetector, type SynthHand, type SynthState } from './synthetic-frames.ts';
import type { BoardMotion, TrackerEvent } from './types.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const FPS = 30;

function run(script: Script, track: Partial<TrackOptions> = {}): { events: TrackerEvent[]; states: { tMs: number; state: BoardMotion }[] } {
  const holder: { state: SynthState } = { state: { discs: [], hand: null } };
  const tracker = new BoardTracker({} as CV, {
    profile,
    calibration: syntheticCalibration(profile.id),
    teamColors: [COLORS.A!, COLORS.B!],
    detector: truthDetector(() => holder.state),
    track,
  });
  const events: TrackerEvent[] = [];
  const states: { tMs: number; state: BoardMotion }[] = [];
  for (const f of play(script, profile, holder)) {
    events.push(...tracker.push(f));
    states.push({ tMs: f.timestampMs, state: tracker.lastFrameStats.state });
  }
  return { events, states };
}

describe('a hand whose arm is lost against the rim', () => {
  // From the left edge to 30 mm inside the surface (radius 330 mm), 50 mm wide; from 392 to
  // 412 mm out (the rim's edge and just beyond) it looks like what it is over.
  const hand = (xMm: number): SynthHand => ({ xMm, yMm: 0, fromLeft: true, widthPx: 30, unseenRhoMm: [392, 412] });
  const s = new Script(FPS).add({ id: 'b1', team: 'B', xMm: 100, yMm: 100 }).hold(400);
  const comeInMs = (s.frames.length * 1000) / FPS;
  for (let x = -560; x < -300; x += 40) {
    s.state.hand = hand(x);
    s.hold(1000 / FPS);
  }
  s.state.hand = hand(-300);
  s.hold(600);
  const goneMs = (s.frames.length * 1000) / FPS;
  s.state.hand = null;
  s.hold(500);

  const calls = (events: TrackerEvent[]) => events.filter((e) => (e.type === 'shot' || e.type === 'board-change' || e.type === 'unchanged') && e.tMs >= comeInMs && e.tMs < goneMs);

  it('is a hand: no call while it is held still over the board', () => {
    const { events, states } = run(s);
    expect(calls(events)).toEqual([]);
    const still = states.filter((x) => x.tMs >= comeInMs + 400 && x.tMs < goneMs);
    expect(still.length).toBeGreaterThan(10);
    expect(still.every((x) => x.state === 'hand')).toBe(true);
  });

  it('without the parts joined, the still hand over the board was called on', () => {
    const { events } = run(s, { handLinkGapRadii: 0 });
    expect(calls(events).length).toBeGreaterThan(0);
  });
});
