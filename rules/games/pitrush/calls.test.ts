import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardState, DiscState } from '../../core/board-state.ts';
import type { Decision } from '../../core/calls.ts';
import { parseBoardProfile, type BoardProfile } from '../../profiles/schema.ts';
import profileJson from '../../profiles/pitrush-standard.json' with { type: 'json' };
import { scorePitRushBoard } from './calls.ts';
import { pitrush } from './index.ts';
import { PITRUSH_DEFAULTS, type PitRushOptions } from './options.ts';
import { pitValuesFor, readPitField } from './pits.ts';

const parsed = parseBoardProfile(profileJson, pitrush.requiredFeatures);
if (!parsed.ok) throw new Error(parsed.error);
const profile: BoardProfile = parsed.profile;
const field = readPitField(profile);
const pit = (id: string) => field.byId.get(id)!;

// Board figures (profile pitrush-standard): pits 36 mm across (radius 18), discs 30 mm (radius 15),
// pit-1-1 at (0, -140) is the pit nearest seat 1. Offsets below move a disc straight towards
// seat 1 (-y), where no other pit is near. In a pit: centre over the pit (distance <= 18).
// Covering a pit: distance <= 18 + 15 = 33. Player A sits at seat 1, B at seat 4 (opposite).
const PIT_R = 18;
const DISC_R = 15;
// The board's edge straight past pit-1-1 towards seat 1 (the hexagon's side at y = -340).
const EDGE_OFF = 200;

interface Spec {
  id: string;
  team: string;
  at: string;
  /** Distance of the centre from the pit's centre, towards seat 1. */
  off?: number;
  kind?: 'neutral';
  onTopOfId?: string;
  uncertaintyMm?: number;
  mayRestOnHidden?: boolean;
  /** Perhaps lying on one disc, its footprint then this much further towards seat 1. */
  ifOnDiscOff?: number;
}
interface Case {
  description: string;
  input: { discs: Spec[]; decisions?: Decision[]; options?: Partial<PitRushOptions> };
  expected: { id: string; zone: string; points: number; call: string; line?: string; pointsIfClear?: number; pointsIfTouching?: number; teamPoints?: Record<string, number> };
}

function discOf(s: Spec): DiscState {
  const p = pit(s.at);
  return {
    id: s.id,
    team: s.team,
    xMm: p.xMm,
    yMm: p.yMm - (s.off ?? 0),
    ...(s.kind ? { kind: s.kind } : {}),
    ...(s.onTopOfId ? { onTopOfId: s.onTopOfId } : {}),
    ...(s.uncertaintyMm ? { uncertaintyMm: s.uncertaintyMm } : {}),
    ...(s.mayRestOnHidden ? { mayRestOnHidden: true } : {}),
    ...(s.ifOnDiscOff !== undefined ? { ifOnDiscsMm: [{ xMm: p.xMm, yMm: p.yMm - (s.off ?? 0) - s.ifOnDiscOff }] } : {}),
  };
}

const B_IN: Spec = { id: 'b', team: 'B', at: 'pit-1-1' };

const cases: Case[] = [
  { description: 'centred in the nearest pit: 1 point', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1' }] }, expected: { id: 'a', zone: 'in pit-1-1', points: 1, call: 'touching' } },
  { description: 'centre 0.01 mm inside the rim: in the pit', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R - 0.01 }] }, expected: { id: 'a', zone: 'in pit-1-1', points: 1, call: 'touching' } },
  { description: 'centre exactly on the rim: in (tangent counts)', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R }] }, expected: { id: 'a', zone: 'in pit-1-1', points: 1, call: 'touching' } },
  { description: 'centre 0.01 mm outside the rim: hanging over the empty pit, no points', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 0.01 }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'clear' } },
  { description: 'centre 0.3 mm outside the rim, uncertainty 0.5: too close, hanging as measured', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 0.3, uncertaintyMm: 0.5 }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'too-close', pointsIfClear: 0, pointsIfTouching: 1 } },
  { description: 'the same, a person rules it in the pit', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 0.3, uncertaintyMm: 0.5 }], decisions: [{ discId: 'a', call: 'touching' }] }, expected: { id: 'a', zone: 'in pit-1-1', points: 1, call: 'touching' } },
  { description: "covering 0.01 mm of an opponent's occupied pit: on top, opponent scores nothing", input: { discs: [B_IN, { id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + DISC_R - 0.01 }] }, expected: { id: 'a', zone: 'on pit-1-1', points: 1, call: 'touching', teamPoints: { A: 1, B: 0 } } },
  { description: 'tangent to the occupied pit: covers it (contact counts)', input: { discs: [B_IN, { id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + DISC_R }] }, expected: { id: 'a', zone: 'on pit-1-1', points: 1, call: 'touching', teamPoints: { A: 1, B: 0 } } },
  { description: '0.01 mm clear of the occupied pit: board visible between, B keeps its 5', input: { discs: [B_IN, { id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + DISC_R + 0.01 }] }, expected: { id: 'a', zone: 'board', points: 0, call: 'clear', teamPoints: { A: 0, B: 5 } } },
  { description: '0.3 mm clear with uncertainty 0.5: too close, as measured', input: { discs: [B_IN, { id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + DISC_R + 0.3, uncertaintyMm: 0.5 }] }, expected: { id: 'a', zone: 'board', points: 0, call: 'too-close', pointsIfClear: 0, pointsIfTouching: 1, teamPoints: { A: 0, B: 5 } } },
  { description: 'a person rules that disc covering: B loses the pit', input: { discs: [B_IN, { id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + DISC_R + 0.3, uncertaintyMm: 0.5 }], decisions: [{ discId: 'a', call: 'touching' }] }, expected: { id: 'a', zone: 'on pit-1-1', points: 1, call: 'touching', teamPoints: { A: 1, B: 0 } } },
  { description: 'own disc on top of own disc: both score', input: { discs: [{ id: 'a1', team: 'A', at: 'pit-2-2' }, { id: 'a2', team: 'A', at: 'pit-2-2', onTopOfId: 'a1' }] }, expected: { id: 'a2', zone: 'on pit-2-2', points: 2, call: 'touching', teamPoints: { A: 4, B: 0 } } },
  { description: 'on top of a neutral disc: scores the usual points', input: { discs: [{ id: 'n', team: 'neutral', kind: 'neutral', at: 'pit-3-3' }, { id: 'a', team: 'A', at: 'pit-3-3', off: 28 }] }, expected: { id: 'a', zone: 'on pit-3-3', points: 3, call: 'touching', teamPoints: { A: 3, B: 0 } } },
  { description: 'a neutral disc in a pit scores nobody', input: { discs: [{ id: 'n', team: 'neutral', kind: 'neutral', at: 'pit-3-3' }] }, expected: { id: 'n', zone: 'in pit-3-3', points: 0, call: 'touching', teamPoints: { A: 0, B: 0 } } },
  { description: 'two players on top of the same disc: each scores', input: { discs: [{ id: 'n', team: 'neutral', kind: 'neutral', at: 'pit-3-3' }, { id: 'a', team: 'A', at: 'pit-3-3', off: 28 }, { id: 'b', team: 'B', at: 'pit-3-3', off: -28 }] }, expected: { id: 'b', zone: 'on pit-3-3', points: 3, call: 'touching', teamPoints: { A: 3, B: 3 } } },
  { description: 'values rise away from the shooting line: the far pit is 5 for A', input: { discs: [{ id: 'a', team: 'A', at: 'pit-5-3' }] }, expected: { id: 'a', zone: 'in pit-5-3', points: 5, call: 'touching' } },
  { description: "B counts from its own line: pit-5-3 is B's nearest, 1", input: { discs: [{ id: 'b', team: 'B', at: 'pit-5-3' }] }, expected: { id: 'b', zone: 'in pit-5-3', points: 1, call: 'touching' } },
  { description: "board-figure values: B's pit-1-1 is worth the printed 1", input: { discs: [B_IN], options: { pitValues: 'board-figure' } }, expected: { id: 'b', zone: 'in pit-1-1', points: 1, call: 'touching' } },
  { description: "children's scoring: every pit is 1", input: { discs: [{ id: 'a', team: 'A', at: 'pit-5-3' }], options: { pitValues: 'one-each' } }, expected: { id: 'a', zone: 'in pit-5-3', points: 1, call: 'touching' } },
  { description: 'off the hexagonal board', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: 240 }] }, expected: { id: 'a', zone: 'off', points: 0, call: 'clear' } },
  { description: 'centre 0.01 mm inside the board edge: on the board', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: EDGE_OFF - 0.01 }] }, expected: { id: 'a', zone: 'board', points: 0, call: 'touching', line: 'board' } },
  { description: 'centre exactly on the board edge: on the board (the edge counts)', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: EDGE_OFF }] }, expected: { id: 'a', zone: 'board', points: 0, call: 'touching' } },
  { description: 'centre 0.01 mm past the board edge: off', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: EDGE_OFF + 0.01 }] }, expected: { id: 'a', zone: 'off', points: 0, call: 'clear', line: 'board' } },
  { description: 'centre 0.3 mm past the edge, uncertainty 0.5: too close, off as measured', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: EDGE_OFF + 0.3, uncertaintyMm: 0.5 }] }, expected: { id: 'a', zone: 'off', points: 0, call: 'too-close', pointsIfClear: 0, pointsIfTouching: 0 } },
  { description: 'the same, a person rules it on the board', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: EDGE_OFF + 0.3, uncertaintyMm: 0.5 }], decisions: [{ discId: 'a', call: 'touching' }] }, expected: { id: 'a', zone: 'board', points: 0, call: 'touching' } },
  { description: 'centre 0.3 mm inside the edge, uncertainty 0.5: too close, on the board as measured', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: EDGE_OFF - 0.3, uncertaintyMm: 0.5 }] }, expected: { id: 'a', zone: 'board', points: 0, call: 'too-close', pointsIfClear: 0, pointsIfTouching: 0 } },
  { description: 'seen in a pit where it may lie on a hidden disc: too close, the same points either way', input: { discs: [{ id: 'a', team: 'A', at: 'pit-2-2', uncertaintyMm: 0.3, mayRestOnHidden: true }] }, expected: { id: 'a', zone: 'in pit-2-2', points: 2, call: 'too-close', pointsIfClear: 2, pointsIfTouching: 2, teamPoints: { A: 2, B: 0 } } },
  { description: 'so marked, a person found a B disc under it: A lies on it and scores, B is covered by an opponent', input: { discs: [{ id: 'a', team: 'A', at: 'pit-2-2', uncertaintyMm: 0.3, mayRestOnHidden: true }], decisions: [{ discId: 'a', call: 'touching', discsUnder: ['B'] }] }, expected: { id: 'a', zone: 'on pit-2-2', points: 2, call: 'touching', teamPoints: { A: 2, B: 0 } } },
  { description: 'so marked, a person found an own disc under it: both score', input: { discs: [{ id: 'a', team: 'A', at: 'pit-2-2', uncertaintyMm: 0.3, mayRestOnHidden: true }], decisions: [{ discId: 'a', call: 'clear', discsUnder: ['A'] }] }, expected: { id: 'a', zone: 'on pit-2-2', points: 2, call: 'touching', teamPoints: { A: 4, B: 0 } } },
  { description: 'so marked, a B disc under it on an A disc in the pit: A on top and B lying on a disc score, the A in the pit is covered', input: { discs: [{ id: 'a', team: 'A', at: 'pit-2-2', uncertaintyMm: 0.3, mayRestOnHidden: true }], decisions: [{ discId: 'a', call: 'touching', discsUnder: ['B', 'A'] }] }, expected: { id: 'a', zone: 'on pit-2-2', points: 2, call: 'touching', teamPoints: { A: 2, B: 4 } } },
  { description: 'so marked, a neutral disc under it: A scores, the neutral nobody', input: { discs: [{ id: 'a', team: 'A', at: 'pit-2-2', uncertaintyMm: 0.3, mayRestOnHidden: true }], decisions: [{ discId: 'a', call: 'touching', discsUnder: ['neutral'] }] }, expected: { id: 'a', zone: 'on pit-2-2', points: 2, call: 'touching', teamPoints: { A: 2, B: 0 } } },
  { description: 'so marked, nothing under it: in the pit, as measured', input: { discs: [{ id: 'a', team: 'A', at: 'pit-2-2', uncertaintyMm: 0.3, mayRestOnHidden: true }], decisions: [{ discId: 'a', call: 'touching', discsUnder: [] }] }, expected: { id: 'a', zone: 'in pit-2-2', points: 2, call: 'touching', teamPoints: { A: 2, B: 0 } } },
  { description: 'discs said to be under a disc not over a pit are not counted', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 0.01 }], decisions: [{ discId: 'a', call: 'clear', discsUnder: ['B'] }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'clear', teamPoints: { A: 0, B: 0 } } },
  { description: 'so marked but its centre 2 mm past the pit\'s rim: hanging over it, measured as usual', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 2, uncertaintyMm: 0.3, mayRestOnHidden: true }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'clear', line: 'pit-1-1' } },
  { description: 'centre 5 mm past the rim, covering 10 mm of the empty pit: hanging, called clear of the pit (its centre is the nearer boundary)', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 5, uncertaintyMm: 0.3 }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'clear', line: 'pit-1-1' } },
  { description: 'the same, perhaps lying on a disc (no centre boundary then, the cover touching): hanging over the pit either way, measured as usual', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 5, uncertaintyMm: 0.3, ifOnDiscOff: 0 }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'clear', line: 'pit-1-1' } },
  { description: 'the same, but lying on a disc it would cover the pit by 0.2 mm, uncertainty 0.3: too close', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 5, uncertaintyMm: 0.3, ifOnDiscOff: 9.8 }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'too-close', pointsIfClear: 0, pointsIfTouching: 1 } },
  { description: 'the same, but lying on a disc it would be 0.2 mm clear of the pit: too close (hanging or on the board)', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 5, uncertaintyMm: 0.3, ifOnDiscOff: 10.2 }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'too-close', pointsIfClear: 0, pointsIfTouching: 1 } },
  { description: 'the same, but lying on a disc it would be 1 mm clear of the pit: too close (on the board, not hanging)', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 5, uncertaintyMm: 0.3, ifOnDiscOff: 11 }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'too-close', pointsIfClear: 0, pointsIfTouching: 1 } },
  { description: 'perhaps lying on a disc, called the same either way (covering 3 mm, centre 12 mm out): measured as usual', input: { discs: [{ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 12, uncertaintyMm: 0.3, ifOnDiscOff: 0.5 }] }, expected: { id: 'a', zone: 'hanging pit-1-1', points: 0, call: 'touching', line: 'pit-1-1' } },
  { description: 'covering 1 mm of an occupied pit, or 1 mm clear of it if lying on a disc: too close', input: { discs: [B_IN, { id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + DISC_R - 1, uncertaintyMm: 0.3, ifOnDiscOff: 2 }] }, expected: { id: 'a', zone: 'on pit-1-1', points: 1, call: 'too-close', pointsIfClear: 0, pointsIfTouching: 1 } },
];

describe('PitRush disc calls: boundary table (tolerance: exact, ±0.01 mm and ±uncertainty)', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const options = { ...PITRUSH_DEFAULTS, formations: false, ...input.options };
    const score = scorePitRushBoard({ discs: input.discs.map(discOf) }, profile, options, ['A', 'B'], input.decisions ?? []);
    const call = score.calls.find((c) => c.id === expected.id)!;
    const { teamPoints, ...rest } = expected;
    expect(call).toMatchObject(rest);
    if (expected.pointsIfClear === undefined) expect(call.pointsIfClear).toBeUndefined();
    if (teamPoints) expect(score.points).toEqual(teamPoints);
    expect(score.pendingIds.includes(expected.id)).toBe(call.call === 'too-close');
  });
  it('has at least 15 cases', () => expect(cases.length).toBeGreaterThanOrEqual(15));
  it('says why discs said to lie under a disc not over a pit are not counted', () => {
    const disc = discOf({ id: 'a', team: 'A', at: 'pit-1-1', off: PIT_R + 0.01 });
    const score = scorePitRushBoard({ discs: [disc] }, profile, { ...PITRUSH_DEFAULTS, formations: false }, ['A', 'B'], [{ discId: 'a', call: 'clear', discsUnder: ['B'] }]);
    expect(score.notes.join(' ')).toMatch(/under a are not counted: it is not seen lying over a pit/);
    expect(score.calls.map((c) => c.id)).toEqual(['a']);
  });
});

describe('PitRush pit values and formations', () => {
  it('counted from seat 1, the pits fall 1, 3, 5, 5, 5 into values 1..5', () => {
    const v = pitValuesFor('A', ['A', 'B'], field, PITRUSH_DEFAULTS);
    const counts = [1, 2, 3, 4, 5].map((k) => [...v.values()].filter((x) => x === k).length);
    expect(counts).toEqual([1, 3, 5, 5, 5]);
    // The board figure (seat 1's view) agrees with the computed values.
    for (const p of field.pits) expect(v.get(p.id)).toBe(profile.values[p.id]);
  });

  it('three players sit at seats 1, 3 and 5', () => {
    const c = pitValuesFor('C', ['A', 'B', 'C'], field, PITRUSH_DEFAULTS);
    expect(c.get('pit-5-5')).toBe(1);
  });

  it('the field has 15 rows (3 to 5 pits) and 24 small triangles', () => {
    expect(field.rows.map((r) => r.length).sort()).toEqual([3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5]);
    expect(field.triangles).toHaveLength(24);
  });

  it('a small triangle is +1, a complete row + its pits, once per player even with two discs per pit', () => {
    const discs: DiscState[] = [
      discOf({ id: 'a1', team: 'A', at: 'pit-1-1' }),
      discOf({ id: 'a2', team: 'A', at: 'pit-2-1' }),
      discOf({ id: 'a3', team: 'A', at: 'pit-3-1' }),
      discOf({ id: 'a4', team: 'A', at: 'pit-2-2' }),
      discOf({ id: 'a5', team: 'A', at: 'pit-2-2', onTopOfId: 'a4' }),
    ];
    const score = scorePitRushBoard({ discs }, profile, PITRUSH_DEFAULTS, ['A', 'B']);
    // Pits 1 + 2 + 3 + 2, a5 on top 2; triangle 1-1/2-1/2-2 +1; row 1-1/2-1/3-1 +3.
    expect(score.bonuses.map((b) => `${b.kind}:${b.pitIds.join(',')}`).sort()).toEqual(['row:pit-1-1,pit-2-1,pit-3-1', 'triangle:pit-1-1,pit-2-1,pit-2-2']);
    expect(score.points).toEqual({ A: 10 + 1 + 3, B: 0 });
  });

  it('a pit can count in formations for two players at once', () => {
    const discs: DiscState[] = [
      discOf({ id: 'n1', team: 'neutral', kind: 'neutral', at: 'pit-1-1' }),
      discOf({ id: 'n2', team: 'neutral', kind: 'neutral', at: 'pit-2-1' }),
      discOf({ id: 'n3', team: 'neutral', kind: 'neutral', at: 'pit-2-2' }),
      discOf({ id: 'a1', team: 'A', at: 'pit-1-1', off: 20, onTopOfId: 'n1' }),
      discOf({ id: 'a2', team: 'A', at: 'pit-2-1', off: 20, onTopOfId: 'n2' }),
      discOf({ id: 'a3', team: 'A', at: 'pit-2-2', off: 20, onTopOfId: 'n3' }),
      { ...discOf({ id: 'b1', team: 'B', at: 'pit-1-1', off: -20, onTopOfId: 'n1' }) },
      { ...discOf({ id: 'b2', team: 'B', at: 'pit-2-1', off: -20, onTopOfId: 'n2' }) },
      { ...discOf({ id: 'b3', team: 'B', at: 'pit-2-2', off: -20, onTopOfId: 'n3' }) },
    ];
    const score = scorePitRushBoard({ discs }, profile, PITRUSH_DEFAULTS, ['A', 'B']);
    expect(score.bonuses.filter((b) => b.kind === 'triangle').map((b) => b.team).sort()).toEqual(['A', 'B']);
  });

  it('Arena mode has no formation bonus unless chosen', () => {
    const discs = ['pit-1-1', 'pit-2-1', 'pit-2-2'].map((at, i) => discOf({ id: `a${i}`, team: 'A', at }));
    const arena = pitrush.resolveOptions('arena');
    const arenaF = pitrush.resolveOptions('arena-formations');
    if (!arena.ok || !arenaF.ok) throw new Error('variants');
    expect(pitrush.scoreRound({ discs }, { profile, options: arena.options }).points.A).toBe(5);
    expect(pitrush.scoreRound({ discs }, { profile, options: arenaF.options }).points.A).toBe(6);
  });

  it('scores a board on its own (CLI): teams from the discs, neutral discs belong to nobody', () => {
    const score = pitrush.scoreRound({ discs: [discOf({ id: 'x', team: 'neutral', kind: 'neutral', at: 'pit-3-3' }), discOf({ id: 'y', team: 'red', at: 'pit-3-3', off: 20 })] }, { profile, options: PITRUSH_DEFAULTS });
    expect(Object.keys(score.points)).toEqual(['red']);
  });
});

const anyDisc = fc.record({
  xMm: fc.double({ min: -200, max: 200, noNaN: true }),
  yMm: fc.double({ min: -200, max: 200, noNaN: true }),
  team: fc.constantFrom('A', 'B', 'neutral'),
  uncertaintyMm: fc.double({ min: 0, max: 1, noNaN: true }),
});
const toDiscs = (raw: { xMm: number; yMm: number; team: string; uncertaintyMm: number }[]): DiscState[] =>
  raw.map((d, i) => ({ ...d, id: `d${i}`, ...(d.team === 'neutral' ? { kind: 'neutral' as const } : {}) }));

describe('PitRush properties', () => {
  it('the score does not depend on the order discs are listed in', () => {
    fc.assert(fc.property(fc.array(anyDisc, { maxLength: 14 }), (raw) => {
      const discs = toDiscs(raw);
      const a = scorePitRushBoard({ discs }, profile, PITRUSH_DEFAULTS, ['A', 'B']);
      const b = scorePitRushBoard({ discs: [...discs].reverse() }, profile, PITRUSH_DEFAULTS, ['A', 'B']);
      expect(b.points).toEqual(a.points);
    }), { numRuns: 150 });
  });

  it('neutral discs score nobody; team totals are disc points plus bonuses', () => {
    fc.assert(fc.property(fc.array(anyDisc, { maxLength: 14 }), (raw) => {
      const s = scorePitRushBoard({ discs: toDiscs(raw) }, profile, PITRUSH_DEFAULTS, ['A', 'B']);
      for (const c of s.calls) if (c.team === 'neutral') expect(c.points).toBe(0);
      expect(Object.keys(s.points).sort()).toEqual(['A', 'B']);
      for (const t of ['A', 'B']) {
        const discs = s.calls.filter((c) => c.team === t).reduce((x, c) => x + c.points, 0);
        const bonus = s.bonuses.filter((b) => b.team === t).reduce((x, b) => x + b.points, 0);
        expect(s.points[t]).toBe(discs + bonus);
      }
    }), { numRuns: 150 });
  });

  it('an in-pit disc with an opponent on top never scores', () => {
    fc.assert(fc.property(fc.constantFrom(...field.pits.map((p) => p.id)), fc.double({ min: 0, max: 32.9, noNaN: true }), (at, off) => {
      const s = scorePitRushBoard({ discs: [discOf({ id: 'b', team: 'B', at }), discOf({ id: 'a', team: 'A', at, off, onTopOfId: 'b' })] }, profile, PITRUSH_DEFAULTS, ['A', 'B']);
      expect(s.calls.find((c) => c.id === 'b')!.points).toBe(0);
    }));
  });

  it('moving a disc away from a pit never turns clear of it into covering or in it', () => {
    const centre = pit('pit-3-3');
    fc.assert(fc.property(fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0, max: 34, noNaN: true }), fc.double({ min: 0, max: 0.9, noNaN: true }), (angle, d, step) => {
      const at = (r: number): BoardState => ({ discs: [{ id: 'a', team: 'A', xMm: centre.xMm + r * Math.cos(angle), yMm: centre.yMm + r * Math.sin(angle) }] });
      const z1 = scorePitRushBoard(at(d), profile, PITRUSH_DEFAULTS, ['A', 'B']).calls[0]!.zone;
      const z2 = scorePitRushBoard(at(Math.min(34.9, d + step)), profile, PITRUSH_DEFAULTS, ['A', 'B']).calls[0]!.zone;
      if (!z1.includes('pit-3-3')) expect(z2.includes('pit-3-3')).toBe(false);
      if (!z1.startsWith('in ')) expect(z2.startsWith('in ')).toBe(false);
    }));
  });
});

describe('PitRush: two discs seen in one pit', () => {
  it('the one taken as in it does not depend on the order they are listed in (ties go to the lower id)', () => {
    // The same distance from the pit's centre, mirrored: found by the order property above.
    const a: DiscState = { id: 'd0', team: 'A', xMm: -7e-323, yMm: -4.4e-323, uncertaintyMm: 0 };
    const b: DiscState = { id: 'd1', team: 'B', xMm: -4.4e-323, yMm: -7e-323, uncertaintyMm: 0 };
    const forward = scorePitRushBoard({ discs: [a, b] }, profile, PITRUSH_DEFAULTS, ['A', 'B']);
    const backward = scorePitRushBoard({ discs: [b, a] }, profile, PITRUSH_DEFAULTS, ['A', 'B']);
    expect(backward.points).toEqual(forward.points);
    // d0 (the lower id) is taken as the one in the pit; d1 lies on it and scores.
    expect(forward.points).toEqual({ A: 0, B: 3 });
  });
});
