/**
 * Calibrations saved per camera and board (versioned JSON), so a club's fixed camera is not
 * calibrated from scratch every time, and checked again against each new session's first frame.
 */
import { z } from 'zod';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { GREY_CHANNELS } from '../image/channel-grey.ts';
import type { GrayImage } from '../image/frame.ts';
import { CALIBRATE_DEFAULTS } from './defaults.ts';
import { modelEdges } from './model-edges.ts';
import { projectSeen, refinePass } from './refine-fit.ts';
import type { Calibration } from './types.ts';

const nine = z.array(z.number().finite()).length(9);

export const savedCalibrationSchema = z.object({
  formatVersion: z.literal(1),
  cameraId: z.string().min(1),
  profileId: z.string().min(1),
  savedAtIso: z.string(),
  calibration: z.object({
    found: z.literal(true),
    method: z.enum(['auto', 'manual', 'markers']),
    boardToImage: nine,
    imageToBoard: nine,
    lens: z.object({ centreXPx: z.number(), centreYPx: z.number(), scalePx: z.number().positive(), k1: z.number(), k2: z.number() }),
    camera: z.object({
      focalPx: z.number().positive(),
      focalFromPerspective: z.boolean(),
      givenHeightMm: z.number().positive().optional(),
      tiltDeg: z.number(),
      centreXMm: z.number(),
      centreYMm: z.number(),
      centreZMm: z.number(),
      verticalVanishing: z.tuple([z.number(), z.number(), z.number()]),
    }),
    rmsErrorPx: z.number().min(0),
    inlierFraction: z.number().min(0).max(1),
    pxPerMm: z.number().positive(),
    widthPx: z.number().int().positive(),
    heightPx: z.number().int().positive(),
    profileId: z.string(),
    grey: z.enum(GREY_CHANNELS).optional(),
  }),
});

export type SavedCalibration = z.infer<typeof savedCalibrationSchema>;

/** The saved form; the caller supplies the time (vision keeps no clock of its own). */
export function toSaved(cal: Calibration, cameraId: string, savedAtIso: string): SavedCalibration {
  return { formatVersion: 1, cameraId, profileId: cal.profileId, savedAtIso, calibration: cal };
}

export function parseSavedCalibration(data: unknown): { ok: true; saved: SavedCalibration } | { ok: false; error: string } {
  const r = savedCalibrationSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0]!;
    return { ok: false, error: `saved calibration: ${i.path.join('.') || '(root)'}: ${i.message}` };
  }
  return { ok: true, saved: r.data };
}

export interface CalibrationCheck {
  stillValid: boolean;
  /** How far the board's edges now are from where the saved calibration puts them. */
  rmsErrorPx: number;
  inlierFraction: number;
  reason: string;
}

/** Is a saved calibration still right for this frame (camera not bumped, same resolution)? `gray`: the frame in the calibration's grey (greyOfCalibration). */
export function checkSavedCalibration(gray: GrayImage, profile: BoardProfile, cal: Calibration, maxRmsPx = 1.0, minInliers = 0.5): CalibrationCheck {
  if (gray.widthPx !== cal.widthPx || gray.heightPx !== cal.heightPx) {
    return { stillValid: false, rmsErrorPx: NaN, inlierFraction: 0, reason: `frame is ${gray.widthPx}x${gray.heightPx}, the calibration was made at ${cal.widthPx}x${cal.heightPx}` };
  }
  // One narrow pass from the saved mapping: edges still where they were means nothing moved.
  const fit = refinePass(gray, cal, modelEdges(profile), new Map(), {
    rangePx: 3,
    fitLens: false,
    minResponse: CALIBRATE_DEFAULTS.minEdgeResponse,
    outlierSigmas: CALIBRATE_DEFAULTS.outlierSigmas,
    scaleMm: 500,
    holdRotation: true,
  });
  if (!fit) return { stillValid: false, rmsErrorPx: NaN, inlierFraction: 0, reason: 'the board is not where the saved calibration puts it' };
  // Distances from where the saved mapping puts each edge to where it was found.
  let ss = 0;
  for (const m of fit.matches) {
    const p = projectSeen(cal, m.sample.xMm, m.sample.yMm);
    ss += (p.x - m.xPx) ** 2 + (p.y - m.yPx) ** 2;
  }
  const offsetRmsPx = Math.sqrt(ss / Math.max(1, fit.matches.length));
  // A manual calibration from clicks alone lies its own error off the edges from the start.
  const allowedPx = cal.method === 'manual' ? Math.max(maxRmsPx, cal.rmsErrorPx) : maxRmsPx;
  const ok = offsetRmsPx <= allowedPx && fit.inlierFraction >= minInliers;
  return {
    stillValid: ok,
    rmsErrorPx: offsetRmsPx,
    inlierFraction: fit.inlierFraction,
    reason: ok ? 'the board is where it was' : `the board has moved or the view changed (edges ${offsetRmsPx.toFixed(2)} px off, ${(fit.inlierFraction * 100).toFixed(0)}% found): calibrate again`,
  };
}
