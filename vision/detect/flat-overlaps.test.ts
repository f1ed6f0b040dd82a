import { beforeAll, describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { allowsStacks, boardInShade, overlappingGhosts } from './flat-overlaps.ts';
import { PIECE_KIND_DEFAULTS } from './piece-kinds.ts';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

const disc = (xMm: number, uncertaintyMm = 0.3, state: 'on-board' | 'in-hole' = 'on-board') => ({ xMm, yMm: 0, radiusMm: 20, uncertaintyMm, confidence: 1, rimCoverage: 1, state });

describe('discs lying flat cannot overlap', () => {
  // Two discs of radius 20 mm, the second at x: allowed overlap 0.25 x 20 = 5 mm (or both uncertainties together).
  const cases: { name: string; second: ReturnType<typeof disc>; dropped: number[] }[] = [
    { name: 'touching (centres 40 mm apart)', second: disc(40), dropped: [] },
    { name: 'overlapping 4.9 mm: fit error at a touch', second: disc(35.1), dropped: [] },
    { name: 'overlapping 5.1 mm', second: disc(34.9), dropped: [1] },
    { name: 'overlapping 7 mm, the fits 0.3 and 7 mm uncertain', second: disc(33, 7), dropped: [] },
    { name: 'overlapping 7.5 mm, the fits 0.3 and 7 mm uncertain', second: disc(32.5, 7), dropped: [1] },
    { name: 'overlapping a disc lying in a hole (below the surface)', second: disc(10, 0.3, 'in-hole'), dropped: [] },
  ];
  for (const c of cases)
    it(c.name, () => {
      expect(overlappingGhosts([disc(0), c.second], { flatOverlapFraction: 0.25 }, (i) => (i === 0 ? 2 : 1))).toEqual(c.dropped);
    });

  it('keeps the disc of better quality, whichever comes first, and asks quality only of overlapping discs', () => {
    const asked: number[] = [];
    const quality = (i: number) => (asked.push(i), [1, 2, 5][i]!);
    expect(overlappingGhosts([disc(0), disc(20), disc(200)], { flatOverlapFraction: 0.25 }, quality)).toEqual([0]);
    expect(asked.sort()).toEqual([0, 1]);
  });

  it('leaves overlaps alone on boards where pieces stack (PitRush, sjoelbak) only', () => {
    for (const id of ['pitrush-standard', 'sjoelbak-standard-40x200']) expect(allowsStacks(BOARD_PROFILES[id]!), id).toBe(true);
    for (const id of ['crokinole-nca-26in', 'crokinole-rec-24in', 'curling-mat', 'carrom-standard-74cm', 'table-shuffleboard-9ft', 'shuffleboard-mat']) expect(allowsStacks(BOARD_PROFILES[id]!), id).toBe(false);
  });

  it("drops a curling stone's shadow fitted as a stone beside it, and keeps the stone (curling mat, seed 13)", () => {
    const run = corpusSceneRuns(cv, 'curling-mat', 13);
    const on = run({});
    expect(on.falsePositives).toBe(0);
    // Control: with any overlap allowed, the shadows are stones and one outranks a true stone.
    const off = run({ flatOverlapFraction: 2 });
    expect(off.falsePositives).toBeGreaterThan(0);
    expect(off.matched).toBe(on.matched);
    expect(DETECT_DEFAULTS.flatOverlapFraction).toBe(0.25);
  }, 180_000);

  it('judges overlaps after painted look-alikes are gone: a carrom man under a painted circle\'s fit stays (carrom, seed 5)', () => {
    const run = corpusSceneRuns(cv, 'carrom-standard-74cm', 5);
    const off = run({ flatOverlapFraction: 2 });
    expect(off.matched).toBe(off.expected);
    expect(run({}).matched).toBe(off.matched);
  }, 180_000);
});

describe('a face that is the board in shade', () => {
  // The board [200, 200, 180]; ratio range 0.3-0.9, one ratio within 1.3 of another.
  const board = [200, 200, 180];
  const cases: [string, number[], boolean][] = [
    ['0.65 of its light in every channel (a shadow)', [130, 130, 117], true],
    ['0.89 of it', [178, 178, 160], true],
    ['0.91 of it: lit, not shade', [182, 182, 164], false],
    ['0.31 of it', [62, 62, 56], true],
    ['0.29 of it: darker than a shadow (a black disc)', [58, 58, 52], false],
    ['0.6-0.77 (1.28 apart): a warm shadow', [154, 130, 108], true],
    ['0.6-0.8 (1.33 apart): another hue', [160, 130, 108], false],
    ['brighter in one channel (a light wooden disc)', [226, 202, 158], false],
  ];
  for (const [name, face, shade] of cases) it(name, () => expect(boardInShade(face, board, PIECE_KIND_DEFAULTS)).toBe(shade));

  it("counts for less when it overlaps a disc: a light wooden stone's shadow (shuffleboard mat, seed 40)", () => {
    const run = corpusSceneRuns(cv, 'shuffleboard-mat', 40);
    const on = run({});
    expect(on).toMatchObject({ expected: 4, matched: 4, falsePositives: 0, wrongCalls: 0 });
    // Counted in full, the shadow outranks the stone (as far from the mat's colour, as far round).
    expect(run({ shadeGhostWeight: 1 })).toMatchObject({ matched: 3, falsePositives: 1 });
  }, 180_000);
});
