import { describe, expect, it } from 'vitest';
import { noLens } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import { cameraPass, stepBlurPx } from './camera-fit.ts';
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

/** The image blurred by a Gaussian of `sigmaPx` (separable, edges clamped). */
function gaussianBlur(img: GrayImage, sigmaPx: number): GrayImage {
  const r = Math.ceil(3 * sigmaPx);
  const k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigmaPx * sigmaPx)));
  const sum = k.reduce((a, b) => a + b, 0);
  const { widthPx: w, heightPx: h } = img;
  const pass = (src: Float32Array, dx: number, dy: number) => {
    const out = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let v = 0;
        for (let i = -r; i <= r; i++) {
          const xx = Math.min(w - 1, Math.max(0, x + i * dx));
          const yy = Math.min(h - 1, Math.max(0, y + i * dy));
          v += k[i + r]! * src[yy * w + xx]!;
        }
        out[y * w + x] = v / sum;
      }
    }
    return out;
  };
  return { data: pass(pass(Float32Array.from(img.data), 1, 0), 0, 1), widthPx: w, heightPx: h };
}

describe('blur at the board edges', () => {
  it('reads a sharp image as sharp and a blurred one as its blur (sigma within 20%)', () => {
    const camera = cameraLookingDown({ xMm: 20, yMm: -30, distanceMm: 1100, tiltDeg: 20, turnDeg: 15, focalPx: 620, widthPx: W, heightPx: H });
    const lens = noLens(W, H);
    const img = renderView(camera, lens, W, H, shade);
    expect(stepBlurPx(img, { camera, lens }, samples())).toBeLessThan(0.7);
    for (const sigmaPx of [1.5, 2.5]) {
      const blurPx = stepBlurPx(gaussianBlur(img, sigmaPx), { camera, lens }, samples());
      expect(blurPx).toBeGreaterThan(0.8 * sigmaPx);
      expect(blurPx).toBeLessThan(1.2 * sigmaPx);
    }
  });
});
