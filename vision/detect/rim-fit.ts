/**
 * Measure one disc to a fraction of a millimetre: cast rays from its centre on the plane of
 * its top face, find the rim's edge along each ray in the camera image itself (no resampling
 * loss), carry the edge points back onto that plane and fit a circle there.
 */
import { applyHomography, invert3 } from '../geometry/homography.ts';
import { distortPx, undistortPx, type LensModel } from '../geometry/lens.ts';
import { fitCircle, type CircleFit } from '../geometry/circle-fit.ts';
import type { GrayImage } from '../image/frame.ts';
import { searchEdge } from '../calibrate/edge-search.ts';

export interface RimFitInput {
  gray: GrayImage;
  /** Board mm (on the top-face plane) to ideal image pixels. */
  planeToImage: readonly number[];
  lens: LensModel;
  xMm: number;
  yMm: number;
  radiusMm: number;
}

export interface RimFit {
  xMm: number;
  yMm: number;
  radiusMm: number;
  rmsMm: number;
  coverage: number;
  inliers: number;
  /** Mean rim contrast (grey levels) of the inliers. */
  contrast: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

export function fitRim(input: RimFitInput, o: { rimRays: number; rimRangesMm: readonly number[]; minRimResponse: number; outlierSigmas: number }): RimFit | null {
  const imageToPlane = invert3(input.planeToImage);
  if (!imageToPlane) return null;
  const seen = (x: number, y: number) => {
    const p = applyHomography(input.planeToImage, x, y);
    return distortPx(input.lens, p.x, p.y);
  };
  let cx = input.xMm;
  let cy = input.yMm;
  let r = input.radiusMm;
  let polarity: -1 | 0 | 1 = 0;
  let last: { fit: CircleFit; points: { x: number; y: number; response: number }[]; coverage: number } | null = null;
  for (const rangeMm of o.rimRangesMm) {
    const pts: { x: number; y: number; response: number }[] = [];
    for (let j = 0; j < o.rimRays; j++) {
      const a = (2 * Math.PI * j) / o.rimRays;
      const ux = Math.cos(a);
      const uy = Math.sin(a);
      const p = seen(cx + r * ux, cy + r * uy);
      const q = seen(cx + (r + 0.5) * ux, cy + (r + 0.5) * uy);
      const len = Math.hypot(q.x - p.x, q.y - p.y);
      if (!(len > 0)) continue;
      const pxPerMm = len / 0.5;
      const hit = searchEdge(input.gray, p.x, p.y, (q.x - p.x) / len, (q.y - p.y) / len, rangeMm * pxPerMm, 'step', 0, polarity);
      if (!hit || Math.abs(hit.response) < o.minRimResponse) continue;
      const ix = p.x + ((q.x - p.x) / len) * hit.offsetPx;
      const iy = p.y + ((q.y - p.y) / len) * hit.offsetPx;
      const u = undistortPx(input.lens, ix, iy);
      const b = applyHomography(imageToPlane, u.x, u.y);
      pts.push({ x: b.x, y: b.y, response: hit.response });
    }
    if (pts.length < 8) return null;
    // The rim's polarity (disc brighter or darker than what surrounds it) is whatever most rays saw.
    if (polarity === 0) {
      const pos = pts.filter((p) => p.response > 0).length;
      polarity = pos >= pts.length / 2 ? 1 : -1;
    }
    let inl = pts.filter((p) => Math.sign(p.response) === polarity);
    let fit = fitCircle(inl);
    if (!fit) return null;
    for (let k = 0; k < 2; k++) {
      const res = inl.map((p) => Math.hypot(p.x - fit!.x, p.y - fit!.y) - fit!.r);
      const sigma = Math.max(0.05, 1.4826 * median(res.map(Math.abs)));
      const keep = inl.filter((_, i) => Math.abs(res[i]!) <= o.outlierSigmas * sigma);
      if (keep.length < 8 || keep.length === inl.length) break;
      inl = keep;
      const f2 = fitCircle(inl);
      if (!f2) break;
      fit = f2;
    }
    cx = fit.x;
    cy = fit.y;
    r = fit.r;
    last = { fit, points: inl, coverage: inl.length / o.rimRays };
  }
  if (!last) return null;
  return {
    xMm: last.fit.x,
    yMm: last.fit.y,
    radiusMm: last.fit.r,
    rmsMm: last.fit.rms,
    coverage: last.coverage,
    inliers: last.points.length,
    contrast: last.points.reduce((s, p) => s + Math.abs(p.response), 0) / last.points.length,
  };
}
