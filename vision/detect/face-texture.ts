/**
 * A disc's top face is smooth: one colour, shaded evenly. A weak fit on wood grain or paint has
 * the board's own texture where its face should be. Colour tests do not see this where the grain
 * is the board's tone, as a faint disc's face is too; the grey gradients inside the face do.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { featuresOfKind } from '../../rules/profiles/schema.ts';
import { applyHomography } from '../geometry/homography.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';

/** Mean squared grey gradient (grey levels per pixel) inside `fraction` of a top face's radius, as the camera sees it. */
export function faceGradientEnergy(gray: GrayImage, topToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number, fraction: number): number {
  const seen = (x: number, y: number) => {
    const ideal = applyHomography(topToImage, x, y);
    return distortPx(lens, ideal.x, ideal.y);
  };
  const centre = seen(xMm, yMm);
  // (Its image is near enough a circle over so small a part of it.)
  const rimPx = Math.max(...[0, 1, 2, 3].map((k) => {
    const p = seen(xMm + radiusMm * Math.cos((k * Math.PI) / 2), yMm + radiusMm * Math.sin((k * Math.PI) / 2));
    return Math.hypot(p.x - centre.x, p.y - centre.y);
  }));
  const reachPx = fraction * rimPx;
  const w = gray.widthPx;
  let sum = 0;
  let n = 0;
  for (let y = Math.max(1, Math.ceil(centre.y - reachPx)); y <= Math.min(gray.heightPx - 2, Math.floor(centre.y + reachPx)); y++) {
    for (let x = Math.max(1, Math.ceil(centre.x - reachPx)); x <= Math.min(w - 2, Math.floor(centre.x + reachPx)); x++) {
      if ((x - centre.x) ** 2 + (y - centre.y) ** 2 > reachPx * reachPx) continue;
      const gx = (gray.data[y * w + x + 1]! - gray.data[y * w + x - 1]!) / 2;
      const gy = (gray.data[(y + 1) * w + x]! - gray.data[(y - 1) * w + x]!) / 2;
      sum += gx * gx + gy * gy;
      n++;
    }
  }
  return n === 0 ? 0 : sum / n;
}

/** Whether a disc there would have a hole's edge across its face (its texture is then the hole's, not grain). */
export function faceOverHoleEdge(profile: BoardProfile, xMm: number, yMm: number, radiusMm: number): boolean {
  return featuresOfKind(profile, 'hole').some((h) => Math.abs(Math.hypot(xMm - h.xMm, yMm - h.yMm) - h.radiusMm) < radiusMm);
}
