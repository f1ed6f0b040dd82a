/**
 * PitRush stacks in the live tracker: a disc that comes to rest on another lies on it, from
 * what the camera saw happen (the one under it may be hidden altogether); the rules then call
 * it on that disc (DiscState.onTopOfId).
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { BoardTracker } from './board-tracker.ts';
import type { TrackOptions } from './defaults.ts';
import { onDiscs } from './pits.ts';
import type { RegionDetectInput } from './region-detect.ts';
import { COLORS, DISC_R_MM, play, Script, syntheticCalibration, truthDetector, type SynthState } from './synthetic-frames.ts';
import type { Track, TrackerEvent } from './types.ts';

const pitrush = BOARD_PROFILES['pitrush-standard']!;
const noCv = {} as CV;
const track = (id: string, xMm: number, yMm: number, extra: Partial<Track> = {}): Track => ({ id, team: 'A', xMm, yMm, radiusMm: DISC_R_MM, uncertaintyMm: 0.3, place: 'surface', staged: false, confidence: 0.9, ...extra });

describe('discs lying on discs (onDiscs)', () => {
  const r2 = 2 * DISC_R_MM;
  it('a disc that came to rest overlapping one that stayed lies on it, its footprint where its top a disc higher puts it', () => {
    const out = onDiscs([track('d1', 0, 0), track('d2', 3, 1, { ifOnDiscMm: { xMm: 2.5, yMm: 0.2 } })], ['d2'], [], 0.75).tracks;
    expect(out[1]).toMatchObject({ onTopOfId: 'd1', xMm: 2.5, yMm: 0.2 });
    expect(out[0]!.onTopOfId).toBeUndefined();
  });

  it('a disc that dropped into a pit onto the one there lies at the pit centre, not where its top a disc higher would put it', () => {
    const out = onDiscs([track('d1', 60, -105, { place: 'pit' }), track('d2', 60, -105, { place: 'pit', ifOnDiscMm: { xMm: 59.2, yMm: -104.1 } })], ['d2'], [], 0.75).tracks;
    expect(out[1]).toMatchObject({ onTopOfId: 'd1', xMm: 60, yMm: -105 });
  });

  it('touching is not lying on: just inside and just outside the overlap a stack needs', () => {
    const at = (d: number) => onDiscs([track('d1', 0, 0), track('d2', d, 0)], ['d2'], [], 0.75).tracks[1]!.onTopOfId;
    expect(at(r2)).toBeUndefined();
    expect(at(0.75 * r2 + 0.1)).toBeUndefined();
    expect(at(0.75 * r2 - 0.1)).toBe('d1');
  });

  it('one hidden under the disc that came, seen to move a little and not found, lies where it was, under it, and did not move', () => {
    const r = onDiscs([track('d1', 8, -14, { uncertaintyMm: 3 }), track('d2', 1, 0)], ['d2', 'd1'], [{ id: 'd1', beforeMm: { xMm: 0, yMm: 0 } }], 0.75);
    expect(r.tracks[1]!.onTopOfId).toBe('d1');
    expect(r.tracks[0]).toMatchObject({ xMm: 0, yMm: 0 });
    expect(r.underIds).toEqual(['d1']);
  });

  it('two discs that both moved are no stack; one lying on another stays so until either moves', () => {
    expect(onDiscs([track('d1', 0, 0), track('d2', 3, 0)], ['d1', 'd2'], [], 0.75).tracks.some((t) => t.onTopOfId)).toBe(false);
    const stacked = [track('d1', 0, 0), track('d2', 3, 0, { onTopOfId: 'd1' }), track('d3', 200, 0)];
    expect(onDiscs(stacked, ['d3'], [], 0.75).tracks[1]!.onTopOfId).toBe('d1');
    // The one under it knocked away: it lies on the board now.
    expect(onDiscs([track('d1', 90, 0), stacked[1]!], ['d1'], [], 0.75).tracks[1]!.onTopOfId).toBeUndefined();
  });
});

function run(script: Script, track: Partial<TrackOptions> = {}): TrackerEvent[] {
  const holder: { state: SynthState } = { state: { discs: [], hand: null } };
  const truth = truthDetector(() => holder.state);
  // A disc hidden under one put down later is not seen.
  const detector = (input: RegionDetectInput) => {
    const order = holder.state.discs;
    return truth(input).filter((d) => !order.some((o, k) => k > order.findIndex((x) => x.xMm === d.xMm && x.yMm === d.yMm) && Math.hypot(o.xMm - d.xMm, o.yMm - d.yMm) < DISC_R_MM));
  };
  const tracker = new BoardTracker(noCv, { profile: pitrush, calibration: syntheticCalibration(pitrush.id), teamColors: [COLORS.A!, COLORS.B!], detector, track });
  const events: TrackerEvent[] = [];
  for (const f of play(script, pitrush, holder)) events.push(...tracker.push(f));
  return events;
}

describe('a stack made by a shot', () => {
  // b1 lies on the board; a1 is put down and flicked onto it, hiding it.
  const script = () => {
    const s = new Script(60).add({ id: 'b1', team: 'B', xMm: 0, yMm: 60 }).hold(300);
    s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -260 }));
    return s.slide([{ id: 'a1', to: { xMm: 1, yMm: 60 }, ms: 900 }]).hold(600);
  };

  it('the shot disc lies on the one it hid, which stays in play', () => {
    const shots = run(script()).filter((e): e is Extract<TrackerEvent, { type: 'shot' }> => e.type === 'shot');
    expect(shots).toHaveLength(1);
    const after = shots[0]!.shot.after.discs;
    const under = shots[0]!.shot.before.discs[0]!;
    expect(after).toHaveLength(2);
    expect(after.find((d) => d.id === shots[0]!.shot.shotDiscId)?.onTopOfId).toBe(under.id);
    expect(after.find((d) => d.id === under.id)).toMatchObject({ xMm: under.xMm, yMm: under.yMm });
    expect(shots[0]!.shot.movedIds).toEqual([shots[0]!.shot.shotDiscId]);
  });

  it('without the stack test the two are taken for two discs side by side on the board', () => {
    const shots = run(script(), { stackOverlapFraction: 0 }).filter((e): e is Extract<TrackerEvent, { type: 'shot' }> => e.type === 'shot');
    expect(shots[0]!.shot.after.discs.some((d) => d.onTopOfId)).toBe(false);
  });
});

describe('a board cleared by hand', () => {
  // A disc followed across the board into a pit's place, where a hand then takes it away
  // (what a clearing hand carries is followed to where the hand hides it).
  const pit = { xMm: 60.62, yMm: -35 };
  const script = () => {
    const s = new Script(30).add({ id: 'b1', team: 'B', xMm: -200, yMm: 150 }).hold(300);
    s.add({ id: 'x1', team: 'A', xMm: -60, yMm: -250 });
    s.slide([{ id: 'x1', to: pit, ms: 600 }]);
    return s.handVisit(pit, 600, () => s.remove('x1')).hold(600);
  };
  const lastBoard = (events: TrackerEvent[]) => {
    const withBoard = events.filter((e): e is Extract<TrackerEvent, { board: unknown }> => 'board' in e);
    return withBoard[withBoard.length - 1]!.board.discs;
  };

  it('what the hand carried off last seen at a pit is no disc dropped into it', () => {
    const board = lastBoard(run(script()));
    expect(board.map((d) => [d.xMm, d.yMm])).toEqual([[-200, 150]]);
  });

  it('without that test it is taken for a disc in the pit', () => {
    const board = lastBoard(run(script(), { carriedOffByHand: false }));
    expect(board.some((d) => Math.hypot(d.xMm - pit.xMm, d.yMm - pit.yMm) < 1)).toBe(true);
  });
});
