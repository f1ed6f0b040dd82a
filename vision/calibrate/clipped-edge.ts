/**
 * Whether a glare has clipped an edge away: the image at or above a level on both sides of where
 * a fit puts the edge, so no edge can show there, whether the board has one or not.
 */
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import type { ModelEdgeSample } from './model-edges.ts';
import { projectSeen, type FitState } from './refine-fit.ts';

/** How far (px) to each side of an edge the image is looked at for glare. */
const CLIP_LOOK_PX = 3;

/** Whether the image is at or above `level` on both sides of where a fit puts a sample's edge (clipped in a glare). */
export function clippedAt(gray: GrayImage, fit: FitState, s: Pick<ModelEdgeSample, 'xMm' | 'yMm' | 'nxMm' | 'nyMm'>, level: number): boolean {
  if (!Number.isFinite(level)) return false;
  const p = projectSeen(fit, s.xMm, s.yMm);
  const q = projectSeen(fit, s.xMm + s.nxMm, s.yMm + s.nyMm);
  const l = Math.hypot(q.x - p.x, q.y - p.y);
  if (!(l > 0)) return false;
  const nx = ((q.x - p.x) / l) * CLIP_LOOK_PX;
  const ny = ((q.y - p.y) / l) * CLIP_LOOK_PX;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x <= gray.widthPx - 1 && y <= gray.heightPx - 1;
  if (!inside(p.x - nx, p.y - ny) || !inside(p.x + nx, p.y + ny)) return false;
  return sampleBilinear(gray, p.x - nx, p.y - ny) >= level && sampleBilinear(gray, p.x + nx, p.y + ny) >= level;
}
