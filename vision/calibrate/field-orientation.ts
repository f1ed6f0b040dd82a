/**
 * Orientation of a regular polygonal field (PitRush's hexagon) on a round board whose mapping
 * is known only up to a rotation about its centre: the image gradients over an annulus, turned
 * into board directions, gather in a histogram of orientations; the field's sides make peaks
 * at every one of their normals (wood grain makes one), so the rotation is where all the
 * sides' normals find gradient together.
 */
import { applyHomography } from '../geometry/homography.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import { sampleBilinear, type GrayImage } from '../image/frame.ts';

/**
 * Image gradient by a Scharr operator on bilinear samples (its direction is true to a degree, a
 * plain difference's is not). The samples written out, each taken once: a closure made per call
 * (named per call under the tsx loader) cost more than the sampling.
 */
function gradient(img: GrayImage, x: number, y: number): { gx: number; gy: number } {
  const a = sampleBilinear(img, x - 1, y - 1);
  const b = sampleBilinear(img, x, y - 1);
  const c = sampleBilinear(img, x + 1, y - 1);
  const d = sampleBilinear(img, x - 1, y);
  const f = sampleBilinear(img, x + 1, y);
  const g = sampleBilinear(img, x - 1, y + 1);
  const h = sampleBilinear(img, x, y + 1);
  const k = sampleBilinear(img, x + 1, y + 1);
  const gx = 3 * (c - a) + 10 * (f - d) + 3 * (k - g);
  const gy = 3 * (g - a) + 10 * (h - b) + 3 * (k - c);
  return { gx: gx / 16, gy: gy / 16 };
}

export interface FieldOrientationInput {
  gray: GrayImage;
  /** Board mm to ideal pixels (any rotation about the centre). */
  boardToImage: readonly number[];
  lens: LensModel;
  centre: { xMm: number; yMm: number };
  /** Annulus searched, in board mm. */
  innerMm: number;
  outerMm: number;
  stepMm: number;
  /** Side normals of the field in the board frame (degrees, any order). */
  normalsDeg: readonly number[];
}

/**
 * Rotations (degrees, within one period of the normals) that put the field's side normals on
 * the image's gradient orientations, best first: the local maxima of the geometric mean of the
 * orientation histogram at every normal.
 */
export function fieldRotations(input: FieldOrientationInput, count: number): { deg: number; score: number }[] {
  const bins = 180;
  const hist = new Float64Array(bins);
  const { gray, boardToImage: h, lens, centre } = input;
  const seen = (x: number, y: number) => {
    const p = applyHomography(h, x, y);
    return distortPx(lens, p.x, p.y);
  };
  const r = input.outerMm;
  for (let y = -r; y <= r; y += input.stepMm) {
    for (let x = -r; x <= r; x += input.stepMm) {
      const d = Math.hypot(x, y);
      if (d < input.innerMm || d > input.outerMm) continue;
      const bx = centre.xMm + x;
      const by = centre.yMm + y;
      const p = seen(bx, by);
      const { gx, gy } = gradient(gray, p.x, p.y);
      if (!Number.isFinite(gx) || !Number.isFinite(gy)) continue;
      const mag = Math.hypot(gx, gy);
      if (mag < 4) continue;
      // Board direction of the gradient: J^T g, with J the local image Jacobian of the mapping.
      const px = seen(bx + 1, by);
      const py = seen(bx, by + 1);
      const bxg = (px.x - p.x) * gx + (px.y - p.y) * gy;
      const byg = (py.x - p.x) * gx + (py.y - p.y) * gy;
      let a = (Math.atan2(byg, bxg) * 180) / Math.PI;
      a = ((a % 180) + 180) % 180;
      // Spread over the two nearest bins.
      const f = a * (bins / 180);
      const i0 = Math.floor(f) % bins;
      const w = f - Math.floor(f);
      hist[i0]! += mag * (1 - w);
      hist[(i0 + 1) % bins]! += mag * w;
    }
  }
  // Smooth over +-2 degrees (a rough mapping bends the sides' directions a little).
  const smooth = new Float64Array(bins);
  for (let i = 0; i < bins; i++) for (let k = -2; k <= 2; k++) smooth[i]! += hist[(i + k + bins) % bins]! * (3 - Math.abs(k));
  const total = smooth.reduce((s, v) => s + v, 0) / bins || 1;
  const normals = input.normalsDeg.map((n) => ((n % 180) + 180) % 180);
  const distinct = normals.filter((n, i) => normals.findIndex((m) => Math.abs(m - n) < 0.5) === i);
  const period = distinct.length > 1 ? 180 / distinct.length : 180;
  const scoreAt = (deg: number) => {
    let logSum = 0;
    for (const n of distinct) {
      const i = Math.round(((((n + deg) % 180) + 180) % 180) * (bins / 180)) % bins;
      logSum += Math.log(1e-6 + smooth[i]! / total);
    }
    return Math.exp(logSum / distinct.length);
  };
  const scores: number[] = [];
  for (let deg = 0; deg < period; deg++) scores.push(scoreAt(deg));
  const peaks: { deg: number; score: number }[] = [];
  for (let i = 0; i < scores.length; i++) {
    const prev = scores[(i - 1 + scores.length) % scores.length]!;
    const next = scores[(i + 1) % scores.length]!;
    if (scores[i]! >= prev && scores[i]! > next) peaks.push({ deg: i, score: scores[i]! });
  }
  return peaks.sort((a, b) => b.score - a.score).slice(0, count);
}
