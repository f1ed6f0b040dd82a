import { beforeAll, describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { pegNeighbourCircles } from './peg-neighbours.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('pegs beside a disc', () => {
  it('are given where the camera sees their foot, middle and top, on both planes', () => {
    const profile = BOARD_PROFILES['crokinole-nca-26in']!;
    // Straight above the board, 1.5 m up: a peg's top appears pushed outwards by parallax.
    const cal = { boardToImage: [1, 0, 0, 0, 1, 0, 0, 0, 1], camera: { verticalVanishing: [0, 0, -1 / 1500] as [number, number, number] } };
    const circles = pegNeighbourCircles(profile, cal as never, 9.5, 0);
    const pegs = profile.features.filter((f) => f.kind === 'peg');
    expect(circles).toHaveLength(pegs.length * 6);
    const first = pegs[0]!;
    const mine = circles.filter((c) => c.pegXMm === first.xMm && c.pegYMm === first.yMm);
    const out = (c: { xMm: number; yMm: number }) => Math.hypot(c.xMm, c.yMm) - Math.hypot(first.xMm, first.yMm);
    // Its foot as it is on the board; its top farther out; on the plane of a disc's top face
    // (seen from 9.5 mm up) its foot lies inwards.
    expect(mine.some((c) => Math.hypot(c.xMm - first.xMm, c.yMm - first.yMm) < 1e-9)).toBe(true);
    expect(Math.max(...mine.map(out))).toBeGreaterThan(0.5);
    expect(Math.min(...mine.map(out))).toBeLessThan(-0.5);
    expect(pegNeighbourCircles(BOARD_PROFILES['curling-mat']!, cal as never, 9.5, 0)).toEqual([]);
  });

  // 26" seed 34: B-3 touches peg-1; the peg's edge drew part of its outline, and the fit settled
  // 6.2 mm off the disc.
  it('lend a touching disc no edge: measured where it is (26" seed 34)', () => {
    const run = corpusSceneRuns(cv, 'crokinole-nca-26in', 34);
    const on = run({});
    expect(on.wrongCalls).toBe(0);
    expect(on.matched).toBe(on.expected);
    expect(Math.max(...on.centreErrorsMm)).toBeLessThan(2.5);
    const off = run({ pegNeighbourMarginMm: -Infinity });
    expect(off.centreErrorsMm.filter((e) => e > 5)).toHaveLength(1);
  }, 180_000);
});
