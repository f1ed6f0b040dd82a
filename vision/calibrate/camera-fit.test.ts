import { describe, expect, it } from 'vitest';
import { noLens } from '../geometry/lens.ts';
import { cameraPass } from './camera-fit.ts';
import { perturbCamera, projectIdeal } from './camera-model.ts';
import type { BoardEdgeSample } from './rect-model.ts';
import { cameraLookingDown, renderView } from './test-views.ts';

const W = 640;
const H = 480;
// A 600 x 400 mm board with two painted lines across it, on a dark table.
const shade = (x: number, y: number) => {
  if (Math.abs(x) > 300 || Math.abs(y) > 200) return 40;
  if (Math.abs(y - 100) < 3 || Math.abs(y + 100) < 3) return 60;
  return 190;
};

function samples(): BoardEdgeSample[] {
  const out: BoardEdgeSample[] = [];
  for (let t = -280; t <= 280; t += 20) {
    out.push({ xMm: t, yMm: -200, nxMm: 0, nyMm: 1, kind: 'step', widthMm: 0, featureId: 'surface-s' });
    out.push({ xMm: t, yMm: 200, nxMm: 0, nyMm: -1, kind: 'step', widthMm: 0, featureId: 'surface-n' });
    for (const y of [-100, 100]) out.push({ xMm: t, yMm: y, nxMm: 0, nyMm: 1, kind: 'line', widthMm: 6, featureId: `line${y}` });
  }
  for (let t = -180; t <= 180; t += 20) {
    out.push({ xMm: -300, yMm: t, nxMm: 1, nyMm: 0, kind: 'step', widthMm: 0, featureId: 'surface-w' });
    out.push({ xMm: 300, yMm: t, nxMm: -1, nyMm: 0, kind: 'step', widthMm: 0, featureId: 'surface-e' });
  }
  return out;
}

describe('close camera fit', () => {
  it('brings a camera a few pixels off back onto the board edges, lens included', () => {
    const truth = cameraLookingDown({ xMm: 20, yMm: -30, distanceMm: 1100, tiltDeg: 20, turnDeg: 15, focalPx: 620, widthPx: W, heightPx: H });
    const lens = { ...noLens(W, H), k1: -0.08 };
    const img = renderView(truth, lens, W, H, shade);
    let state = { camera: perturbCamera(truth, [0.003, -0.002, 0.004], [0.002, -0.001, 0], 0.01), lens: { ...noLens(W, H), k1: -0.05 } };
    const before = projectIdeal(state.camera, 300, 200);
    const goal = projectIdeal(truth, 300, 200);
    expect(Math.hypot(before.x - goal.x, before.y - goal.y)).toBeGreaterThan(2);
    let fit = null;
    for (const [i, rangePx] of [4, 2.5, 1.5].entries()) {
      fit = cameraPass(img, state, samples(), new Map(), { rangePx, fitFocal: i > 0, fitK1: i > 0, fitK2: false, fitFrame: false, minResponse: 4, outlierSigmas: 3 })!;
      state = { camera: fit.camera, lens: fit.lens };
    }
    expect(fit!.rmsErrorPx).toBeLessThan(0.15);
    expect(fit!.inlierFraction).toBeGreaterThan(0.9);
    for (const [x, y] of [[300, 200], [-300, -200], [0, 0]] as const) {
      const a = projectIdeal(fit!.camera, x, y);
      const b = projectIdeal(truth, x, y);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.3);
    }
    expect(fit!.lens.k1).toBeCloseTo(-0.08, 1);
  });
});
