import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { hasPits, intoPits, withPits } from './pits.ts';
import { boardOf, type SettleResult } from './settle.ts';
import type { Track } from './types.ts';

const pitrush = BOARD_PROFILES['pitrush-standard']!;
const track = (id: string, xMm: number, yMm: number, place: Track['place']): Track => ({ id, team: 'A', xMm, yMm, radiusMm: 15, uncertaintyMm: 0.5, place, staged: false, confidence: 0.9 });

/** What the settle step makes of a shot of `shotDiscId` (before: the board at the last rest; removed: what it took out of play). */
function shotResult(before: Track[], tracks: Track[], shotDiscId: string, removed: SettleResult['removed']): SettleResult {
  return {
    kind: 'shot',
    tracks,
    shot: { shooter: 'A', shotDiscId, before: boardOf(before), after: boardOf(tracks), movedIds: [shotDiscId], hits: [], removed },
    board: boardOf(tracks),
    movedIds: [shotDiscId],
    addedIds: [],
    removed,
    takenByHandIds: [],
    unfound: [],
    contacts: [],
    paths: {},
    warnings: [],
  };
}

describe('PitRush pits in the tracker', () => {
  it('only boards with pits keep discs in them in play', () => {
    expect(hasPits(pitrush)).toBe(true);
    expect(hasPits(BOARD_PROFILES['crokinole-nca-26in']!)).toBe(false);
    expect(hasPits(BOARD_PROFILES['carrom-standard-74cm']!)).toBe(false);
  });

  it('a disc that dropped into a pit lies at its centre and stays on the board; the shot says a disc fell in, and removes nothing', () => {
    const before = [track('d1', -200, 150, 'surface')];
    // d2 was shot and found in pit-3-4 (60.62, -35); the settle step calls that the hole.
    const tracks = [...before, track('d2', 62, -33, 'hole')];
    const result = shotResult(before, tracks, 'd2', [{ id: 'd2', reason: 'hole' }]);
    const out = withPits(result, pitrush, 25, 0.75);
    expect(out.tracks.find((t) => t.id === 'd2')).toMatchObject({ place: 'pit', xMm: 60.62, yMm: -35 });
    expect(out.board.discs.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(out.shot!.after.discs.map((d) => d.id)).toEqual(['d1', 'd2']);
    expect(out.shot!.delivery).toEqual({ fellIntoPit: true });
    expect(out.shot!.removed).toEqual([]);
    expect(out.removed).toEqual([]);
  });

  it('a disc that stopped on the disc lying in a pit lies on it, in play, and did not fall into the pit (its occupant is the same)', () => {
    const before = [track('d1', 60.62, -35, 'pit')];
    const tracks = [...before, track('d2', 61, -34, 'hole')];
    const result = shotResult(before, tracks, 'd2', [{ id: 'd2', reason: 'hole' }]);
    const out = withPits(result, pitrush, 25, 0.75);
    expect(out.tracks.find((t) => t.id === 'd2')).toMatchObject({ place: 'pit', onTopOfId: 'd1', xMm: 60.62, yMm: -35 });
    expect(out.shot!.delivery).toEqual({ fellIntoPit: false });
    expect(out.shot!.removed).toEqual([]);
  });

  it('a shot that drops nothing into a pit says so; a disc in a hole far from every pit is left as it was', () => {
    const tracks = [track('d1', -200, 150, 'surface'), track('d3', 300, 300, 'hole')];
    const result = shotResult([], tracks, 'd1', []);
    const out = withPits(result, pitrush, 25, 0.75);
    expect(out.shot!.delivery).toEqual({ fellIntoPit: false });
    expect(out.board.discs.map((d) => d.id)).toEqual(['d1']);
    expect(intoPits(tracks, pitrush, 25)).toEqual(tracks);
  });
});
