/**
 * Manual calibration: a person clicks four or more points whose board positions are known
 * (ring crossings, corners, pegs). The mapping is fitted to them, with its error in pixels.
 */
import { z } from 'zod';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography, homographyFromPairs, invert3 } from '../geometry/homography.ts';
import { noLens } from '../geometry/lens.ts';
import { cameraEstimateOf, estimatePose } from './camera-pose.ts';
import { CALIBRATE_DEFAULTS } from './defaults.ts';
import { referencePoints } from './reference-points.ts';
import type { Calibration, CalibrationResult } from './types.ts';

export interface ClickedPoint {
  xPx: number;
  yPx: number;
  xMm: number;
  yMm: number;
}

export function calibrateFromPoints(points: readonly ClickedPoint[], widthPx: number, heightPx: number, profileId: string): CalibrationResult {
  if (points.length < 4) return { found: false, reason: `manual calibration needs at least 4 points, got ${points.length}` };
  const h = homographyFromPairs(points.map((p) => ({ from: { x: p.xMm, y: p.yMm }, to: { x: p.xPx, y: p.yPx } })));
  const inv = h ? invert3(h) : null;
  if (!h || !inv) return { found: false, reason: 'the points do not define a board mapping (three of them on one line?)' };
  let ss = 0;
  for (const p of points) {
    const q = applyHomography(h, p.xMm, p.yMm);
    ss += (q.x - p.xPx) ** 2 + (q.y - p.yPx) ** 2;
  }
  const rmsErrorPx = Math.sqrt(ss / points.length);
  const pose = estimatePose({ boardToImage: h, widthPx, heightPx, minTiltForFocalDeg: CALIBRATE_DEFAULTS.minTiltForFocalDeg, priorHorizontalFovDeg: CALIBRATE_DEFAULTS.priorHorizontalFovDeg });
  const c = applyHomography(h, 0, 0);
  const cx = applyHomography(h, 10, 0);
  const cy = applyHomography(h, 0, 10);
  const cal: Calibration = {
    found: true,
    method: 'manual',
    boardToImage: h,
    imageToBoard: inv.map((v) => v / inv[8]!),
    lens: noLens(widthPx, heightPx),
    camera: cameraEstimateOf(pose),
    rmsErrorPx,
    inlierFraction: 1,
    pxPerMm: (Math.hypot(cx.x - c.x, cx.y - c.y) + Math.hypot(cy.x - c.x, cy.y - c.y)) / 20,
    widthPx,
    heightPx,
    profileId,
  };
  return cal;
}

/** A point as a person gives it: image pixels, and board millimetres or a reference point's name (see reference-points.ts). */
const givenPointSchema = z.union([
  z.object({ xPx: z.number().finite(), yPx: z.number().finite(), at: z.string().min(1) }).strict(),
  z.object({ xPx: z.number().finite(), yPx: z.number().finite(), xMm: z.number().finite(), yMm: z.number().finite() }).strict(),
]);
const givenPointsSchema = z.union([z.array(givenPointSchema), z.object({ points: z.array(givenPointSchema) })]);

/**
 * Clicked points from their JSON (`{"points": [...]}` or the bare list), names resolved on the
 * board; an unknown name lists the board's names.
 */
export function parseClickedPoints(data: unknown, profile: BoardProfile): { ok: true; points: ClickedPoint[] } | { ok: false; error: string } {
  const r = givenPointsSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0]!;
    return { ok: false, error: `points: ${i.path.join('.') || '(root)'}: ${i.message} (each point is {"xPx", "yPx", "at": name} or {"xPx", "yPx", "xMm", "yMm"})` };
  }
  const given = Array.isArray(r.data) ? r.data : r.data.points;
  const refs = new Map(referencePoints(profile).map((p) => [p.id, p]));
  const points: ClickedPoint[] = [];
  for (const p of given) {
    if (!('at' in p)) {
      points.push(p);
      continue;
    }
    const ref = refs.get(p.at);
    if (!ref) return { ok: false, error: `points: no point "${p.at}" on board ${profile.id} (its points: ${[...refs.keys()].join(', ')})` };
    points.push({ xPx: p.xPx, yPx: p.yPx, xMm: ref.xMm, yMm: ref.yMm });
  }
  return { ok: true, points };
}
