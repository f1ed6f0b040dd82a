/**
 * First guesses for a round board whose markings are not rings (PitRush: a hexagonal field
 * and pits inside a round frame): nested ellipses of the frame and the surface give the
 * mapping up to a rotation about the centre; the rotation comes from a sharp look at the
 * markings that are not round.
 */
import { concentricView, ellipseAffine, ellipseToConic, transformConic, type ConcentricView, type EllipseParams } from '../geometry/conic.ts';
import { applyHomography, invert3, multiply3 } from '../geometry/homography.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { findLargeEllipses, refineEllipse, type CoarseEllipseOptions } from './coarse-ellipses.ts';

export interface Circle {
  xMm: number;
  yMm: number;
  radiusMm: number;
}

function signedCross(h: readonly number[], at: { xMm: number; yMm: number }): number {
  const o = applyHomography(h, at.xMm, at.yMm);
  const ex = applyHomography(h, at.xMm + 1, at.yMm);
  const ey = applyHomography(h, at.xMm, at.yMm + 1);
  return (ex.x - o.x) * (ey.y - o.y) - (ex.y - o.y) * (ey.x - o.x);
}

/** A camera above the board never sees it mirrored: flip y about the circle if it would. */
export function unmirror(h: number[], c: Circle): number[] {
  return signedCross(h, c) > 0 ? multiply3(h, [1, 0, 0, 0, -1, 2 * c.yMm, 0, 0, 1]) : h;
}

/** Board-to-image mapping (up to rotation about the circle) from a pair of concentric ellipses. */
export function fromConcentric(outer: EllipseParams, view: ConcentricView, circle: Circle): number[] | null {
  let l = view.vanishingLine;
  if (l[0]! * view.centreXPx + l[1]! * view.centreYPx + l[2]! < 0) l = l.map((v) => -v);
  const w0 = l[0]! * view.centreXPx + l[1]! * view.centreYPx + l[2]!;
  l = l.map((v) => v / w0);
  const hp = [1, 0, 0, 0, 1, 0, l[0]!, l[1]!, l[2]!];
  const conic = transformConic(ellipseToConic(outer), hp);
  const hpInv = invert3(hp);
  if (!conic || !hpInv) return null;
  const aff = ellipseAffine(conic);
  if (!aff) return null;
  const r = circle.radiusMm;
  const affine = [aff.a11 / r, aff.a12 / r, aff.tx, aff.a21 / r, aff.a22 / r, aff.ty, 0, 0, 1];
  const shift = [1, 0, -circle.xMm, 0, 1, -circle.yMm, 0, 0, 1];
  const h = unmirror(multiply3(hpInv, multiply3(affine, shift)), circle);
  return h.map((v) => v / h[8]!);
}

/** Rough mapping (up to rotation) from one ellipse taken as the image of a circle. */
function fromEllipse(e: EllipseParams, circle: Circle): number[] {
  const c = Math.cos(e.angleRad);
  const s = Math.sin(e.angleRad);
  const a = e.a / circle.radiusMm;
  const b = e.b / circle.radiusMm;
  const affine = [c * a, -s * b, e.centreXPx, s * a, c * b, e.centreYPx, 0, 0, 1];
  const shift = [1, 0, -circle.xMm, 0, 1, -circle.yMm, 0, 0, 1];
  const h = unmirror(multiply3(affine, shift), circle);
  return h.map((v) => v / h[8]!);
}

/**
 * Mapping (up to rotation) from one ellipse taken as the image of a circle seen in perspective
 * by a camera of focal length `focalPx` looking through the image's centre: the circle's plane
 * is tilted from the line of sight to its centre by acos(minor / major), about the ellipse's
 * major axis, towards one side or the other (`side`). A frame's outline is seldom a clean
 * circle at board height, so pairs of ellipses do not always give the view; this gives the
 * perspective an affine guess lacks (a board tilted 30 degrees is seen 15% larger at its near
 * edge than at its far one).
 */
export function fromTiltedEllipse(e: EllipseParams, circle: Circle, focalPx: number, centreXPx: number, centreYPx: number, side: 1 | -1): number[] | null {
  const major = Math.max(e.a, e.b);
  const minor = Math.min(e.a, e.b);
  if (!(major > 0)) return null;
  const tilt = Math.acos(Math.min(1, minor / major));
  const c = Math.cos(e.angleRad);
  const s = Math.sin(e.angleRad);
  // The minor axis' direction in the image, as a direction in space across the line of sight.
  const [ux, uy] = e.a < e.b ? [c, s] : [-s, c];
  const ray = [e.centreXPx - centreXPx, e.centreYPx - centreYPx, focalPx];
  const rl = Math.hypot(ray[0]!, ray[1]!, ray[2]!);
  const r = ray.map((v) => v / rl);
  const along = ux * r[0]! + uy * r[1]!;
  const d = [ux - along * r[0]!, uy - along * r[1]!, -along * r[2]!];
  const dl = Math.hypot(d[0]!, d[1]!, d[2]!);
  if (!(dl > 0)) return null;
  // The plane's normal (towards the camera), and its vanishing line in pixels: K^-T n.
  const n = [0, 1, 2].map((i) => -Math.cos(tilt) * r[i]! + side * Math.sin(tilt) * (d[i]! / dl));
  const line = [n[0]! / focalPx, n[1]! / focalPx, n[2]! - (n[0]! * centreXPx + n[1]! * centreYPx) / focalPx];
  return fromConcentric(e, { centreXPx: e.centreXPx, centreYPx: e.centreYPx, vanishingLine: line, radiusRatioSquared: 1 }, circle);
}

/**
 * Every pair of near-concentric ellipses (the smaller inside the larger, centres within 15% of
 * its size) whose view fits two of the board's circles, smaller over larger: `use` gets the
 * outer ellipse, the pair's view and the circle the outer one would be.
 */
export function forConcentricPairs(refined: readonly EllipseParams[], circles: readonly Circle[], use: (outer: EllipseParams, view: ConcentricView, circle: Circle) => void): void {
  for (let i = 0; i < refined.length; i++) {
    for (let j = 0; j < refined.length; j++) {
      const a = refined[i]!;
      const b = refined[j]!;
      if (i === j || b.a * b.b >= a.a * a.b) continue;
      if (Math.hypot(a.centreXPx - b.centreXPx, a.centreYPx - b.centreYPx) > 0.15 * a.a) continue;
      const view = concentricView(ellipseToConic(a), ellipseToConic(b));
      if (!view) continue;
      for (const big of circles) {
        for (const small of circles) {
          if (small.radiusMm >= big.radiusMm) continue;
          const ratio = (small.radiusMm / big.radiusMm) ** 2;
          if (Math.abs(view.radiusRatioSquared / ratio - 1) > 0.08) continue;
          use(a, view, big);
        }
      }
    }
  }
}

/**
 * Mappings (each up to a rotation about `circles[0]`'s centre) that put the board's circles
 * (largest first: outline, surface) on nested ellipses in the image; with `tiltedFocalPx`,
 * each ellipse seen in perspective by a camera of that focal length instead (fromTiltedEllipse).
 */
export function roundGuesses(
  cv: CV,
  gray: GrayImage,
  circles: readonly Circle[],
  o: CoarseEllipseOptions,
  tiltedFocalPx?: number,
): number[][] {
  const ellipses = findLargeEllipses(cv, gray, o);
  const refined = ellipses.map((e) => refineEllipse(cv, gray, e)).filter((e): e is EllipseParams => e !== null);
  const out: number[][] = [];
  if (tiltedFocalPx !== undefined) {
    for (const e of refined) {
      for (const c of circles) {
        for (const side of [1, -1] as const) {
          const h = fromTiltedEllipse(e, c, tiltedFocalPx, gray.widthPx / 2, gray.heightPx / 2, side);
          if (h) out.push(h);
        }
      }
    }
    return out;
  }
  forConcentricPairs(refined, circles, (outer, view, circle) => {
    const h = fromConcentric(outer, view, circle);
    if (h) out.push(h);
  });
  if (out.length === 0) for (const e of refined) for (const c of circles) out.push(fromEllipse(e, c));
  return out;
}
