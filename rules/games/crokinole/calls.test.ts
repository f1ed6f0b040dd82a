import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { callCrokinoleDisc, scoreCrokinoleBoard } from './calls.ts';

const nca = BOARD_PROFILES['crokinole-nca-26in']!;
// NCA board: 15 line r=101.6, 10 line r=203.2, shooting line r=304.8, all 2 mm wide; hole r=17.465;
// disc r=15.875. A disc is wholly inside the 15 line while its centre is within 101.6-1-15.875 = 84.725 mm.
const R = 15.875;
const inner = (ringMm: number) => ringMm - 1 - R; // centre distance at which the disc is tangent from inside
const outer = (ringMm: number) => ringMm + 1 + R; // tangent from outside

// Tolerance: clearances are exact to 1e-6 mm; the centre positions below are chosen 0.01 mm apart.
const cases: { description: string; input: { rMm: number; angleDeg?: number; uncertaintyMm?: number }; expected: { zone: string; points: number; call: string } }[] = [
  { description: 'lying flat in the centre of the hole', input: { rMm: 0 }, expected: { zone: '20', points: 20, call: 'clear' } },
  { description: 'just within the hole (0.01 mm to spare)', input: { rMm: 17.465 - R - 0.01 }, expected: { zone: '20', points: 20, call: 'clear' } },
  { description: 'leaning on the hole edge (0.01 mm over the rim) scores 15', input: { rMm: 17.465 - R + 0.01 }, expected: { zone: '15', points: 15, call: 'clear' } },
  { description: 'touching the hole\'s wall from inside: still in the hole', input: { rMm: 17.465 - R }, expected: { zone: '20', points: 20, call: 'clear' } },
  { description: 'in the hole 0.4 mm from its rim, measured ± 0.3 mm: a 20', input: { rMm: 17.465 - R - 0.4, uncertaintyMm: 0.3 }, expected: { zone: '20', points: 20, call: 'clear' } },
  { description: 'in the hole 0.2 mm from its rim, measured ± 0.3 mm: too close, 20 as measured', input: { rMm: 17.465 - R - 0.2, uncertaintyMm: 0.3 }, expected: { zone: '20', points: 20, call: 'too-close' } },
  { description: 'over the hole\'s rim by 0.2 mm, measured ± 0.3 mm: too close, 15 as measured', input: { rMm: 17.465 - R + 0.2, uncertaintyMm: 0.3 }, expected: { zone: '15', points: 15, call: 'too-close' } },
  { description: 'over the hole\'s rim by 0.4 mm, measured ± 0.3 mm: leaning, a 15', input: { rMm: 17.465 - R + 0.4, uncertaintyMm: 0.3 }, expected: { zone: '15', points: 15, call: 'clear' } },
  { description: '15 area, well inside', input: { rMm: 50 }, expected: { zone: '15', points: 15, call: 'clear' } },
  { description: '15 area, 0.01 mm clear of the 15 line', input: { rMm: inner(101.6) - 0.01 }, expected: { zone: '15', points: 15, call: 'clear' } },
  { description: 'tangent to the 15 line from inside: lesser value', input: { rMm: inner(101.6) }, expected: { zone: '10', points: 10, call: 'touching' } },
  { description: '0.01 mm onto the 15 line from inside', input: { rMm: inner(101.6) + 0.01 }, expected: { zone: '10', points: 10, call: 'touching' } },
  { description: 'centred on the 15 line', input: { rMm: 101.6, angleDeg: 0 }, expected: { zone: '10', points: 10, call: 'touching' } },
  { description: '0.01 mm onto the 15 line from outside', input: { rMm: outer(101.6) - 0.01 }, expected: { zone: '10', points: 10, call: 'touching' } },
  { description: '10 area, 0.01 mm clear of the 15 line', input: { rMm: outer(101.6) + 0.01 }, expected: { zone: '10', points: 10, call: 'clear' } },
  { description: '10 area, 0.01 mm clear of the 10 line', input: { rMm: inner(203.2) - 0.01 }, expected: { zone: '10', points: 10, call: 'clear' } },
  { description: 'tangent to the 10 line from inside', input: { rMm: inner(203.2) }, expected: { zone: '5', points: 5, call: 'touching' } },
  { description: '5 area, 0.01 mm clear of the 10 line', input: { rMm: outer(203.2) + 0.01 }, expected: { zone: '5', points: 5, call: 'clear' } },
  { description: '5 area, 0.01 mm clear of the shooting line', input: { rMm: inner(304.8) - 0.01 }, expected: { zone: '5', points: 5, call: 'clear' } },
  { description: 'tangent to the shooting line: out of play', input: { rMm: inner(304.8) }, expected: { zone: 'out', points: 0, call: 'touching' } },
  { description: 'on the shooting line: out of play', input: { rMm: 304.8 }, expected: { zone: 'out', points: 0, call: 'touching' } },
  { description: 'beyond the shooting line, 0.01 mm clear: in the ditch', input: { rMm: outer(304.8) + 0.01 }, expected: { zone: 'ditch', points: 0, call: 'clear' } },
  { description: '15 area 0.2 mm from the line, measured ± 0.3 mm: too close', input: { rMm: inner(101.6) - 0.2, uncertaintyMm: 0.3 }, expected: { zone: '15', points: 15, call: 'too-close' } },
  { description: '15 area 0.4 mm from the line, measured ± 0.3 mm: clear', input: { rMm: inner(101.6) - 0.4, uncertaintyMm: 0.3 }, expected: { zone: '15', points: 15, call: 'clear' } },
  { description: 'overlapping the 10 line by 0.2 mm, measured ± 0.3 mm: too close', input: { rMm: inner(203.2) + 0.2, uncertaintyMm: 0.3 }, expected: { zone: '5', points: 5, call: 'too-close' } },
];

describe('crokinole per-disc calls on the NCA board', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const a = ((input.angleDeg ?? 33) * Math.PI) / 180;
    const disc = { id: 'd', team: 'A', xMm: input.rMm * Math.cos(a), yMm: input.rMm * Math.sin(a), uncertaintyMm: input.uncertaintyMm ?? 0 };
    const c = callCrokinoleDisc(disc, nca);
    expect({ zone: c.zone, points: c.points, call: c.call }).toEqual(expected);
  });

  it('a too-close disc offers both outcomes and a decision settles it', () => {
    const disc = { id: 'd', team: 'A', xMm: inner(101.6) - 0.1, yMm: 0, uncertaintyMm: 0.3 };
    const c = callCrokinoleDisc(disc, nca);
    expect(c).toMatchObject({ call: 'too-close', pointsIfClear: 15, pointsIfTouching: 10 });
    expect(callCrokinoleDisc(disc, nca, { discId: 'd', call: 'touching' })).toMatchObject({ call: 'touching', points: 10 });
    expect(callCrokinoleDisc(disc, nca, { discId: 'd', call: 'clear' })).toMatchObject({ call: 'clear', points: 15 });
  });

  it('a disc too close to the hole\'s rim offers 20 or the rings\' value, and a decision settles it', () => {
    const disc = { id: 'd', team: 'A', xMm: 17.465 - R + 0.1, yMm: 0, uncertaintyMm: 0.3 };
    expect(callCrokinoleDisc(disc, nca)).toMatchObject({ zone: '15', points: 15, call: 'too-close', line: 'hole', pointsIfClear: 20, pointsIfTouching: 15 });
    expect(callCrokinoleDisc(disc, nca, { discId: 'd', call: 'clear' })).toMatchObject({ zone: '20', points: 20, call: 'clear', line: 'hole' });
    expect(callCrokinoleDisc(disc, nca, { discId: 'd', call: 'touching' })).toMatchObject({ zone: '15', points: 15, call: 'touching', line: 'hole' });
    const inside = { ...disc, xMm: 17.465 - R - 0.1 };
    expect(callCrokinoleDisc(inside, nca)).toMatchObject({ zone: '20', points: 20, call: 'too-close', pointsIfClear: 20, pointsIfTouching: 15 });
    expect(callCrokinoleDisc(inside, nca, { discId: 'd', call: 'touching' })).toMatchObject({ zone: '15', points: 15, call: 'touching' });
    const s = scoreCrokinoleBoard({ discs: [disc] }, nca, ['A', 'B']);
    expect(s.pendingIds).toEqual(['d']);
  });

  it('scores a board with 20s', () => {
    const s = scoreCrokinoleBoard(
      {
        discs: [
          { id: 'a1', team: 'A', xMm: 0, yMm: 50 },
          { id: 'a2', team: 'A', xMm: 150, yMm: 0 },
          { id: 'b1', team: 'B', xMm: 0, yMm: -250 },
          { id: 'b2', team: 'B', xMm: 0, yMm: -304.8 },
        ],
        hole: { A: 1, B: 2 },
      },
      nca,
      ['A', 'B'],
    );
    expect(s.points).toEqual({ A: 15 + 10 + 20, B: 5 + 0 + 40 });
    expect(s.pendingIds).toEqual([]);
  });
});

describe('crokinole properties', () => {
  const disc = fc.record({
    rMm: fc.double({ min: 0, max: 340, noNaN: true }),
    angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    team: fc.constantFrom('A', 'B'),
  });

  it('the score does not depend on the order the discs are listed in', () => {
    fc.assert(
      fc.property(fc.array(disc, { maxLength: 12 }), (ds) => {
        const discs = ds.map((d, i) => ({ id: `d${i}`, team: d.team, xMm: d.rMm * Math.cos(d.angle), yMm: d.rMm * Math.sin(d.angle) }));
        const a = scoreCrokinoleBoard({ discs }, nca, ['A', 'B']).points;
        const b = scoreCrokinoleBoard({ discs: [...discs].reverse() }, nca, ['A', 'B']).points;
        expect(a).toEqual(b);
      }),
    );
  });

  it('moving a disc outwards never raises its points', () => {
    fc.assert(
      fc.property(disc, fc.double({ min: 0, max: 5, noNaN: true }), (d, stepMm) => {
        const at = (r: number) => callCrokinoleDisc({ id: 'd', team: 'A', xMm: r * Math.cos(d.angle), yMm: r * Math.sin(d.angle) }, nca);
        const here = at(d.rMm);
        const further = at(d.rMm + stepMm);
        expect(further.points).toBeLessThanOrEqual(here.points);
      }),
    );
  });

  it('points are always one of 0, 5, 10, 15, 20', () => {
    fc.assert(
      fc.property(disc, (d) => {
        const c = callCrokinoleDisc({ id: 'd', team: d.team, xMm: d.rMm * Math.cos(d.angle), yMm: d.rMm * Math.sin(d.angle) }, nca);
        expect([0, 5, 10, 15, 20]).toContain(c.points);
      }),
    );
  });
});
