/**
 * Disc detection limited to boxes of the board (where something changed): the detector runs
 * on a copy of the profile whose outline is the box, so it rectifies, searches and fits only
 * there. Team labels come from the tracker's palette, not from per-box clustering.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { DetectOptions } from '../detect/defaults.ts';
import { detectDiscs } from '../detect/detect.ts';
import type { Rgb } from '../detect/teams.ts';
import type { DetectedDisc } from '../detect/types.ts';
import type { Frame, GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';

export interface BoxMm {
  minXMm: number;
  minYMm: number;
  maxXMm: number;
  maxYMm: number;
}

export function boxArea(b: BoxMm): number {
  return Math.max(0, b.maxXMm - b.minXMm) * Math.max(0, b.maxYMm - b.minYMm);
}

/** Merge boxes that overlap (or nearly: within gapMm) until none do. */
export function mergeBoxes(boxes: readonly BoxMm[], gapMm = 0): BoxMm[] {
  const out = boxes.map((b) => ({ ...b }));
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        if (a.minXMm - gapMm < b.maxXMm && b.minXMm - gapMm < a.maxXMm && a.minYMm - gapMm < b.maxYMm && b.minYMm - gapMm < a.maxYMm) {
          out[i] = { minXMm: Math.min(a.minXMm, b.minXMm), minYMm: Math.min(a.minYMm, b.minYMm), maxXMm: Math.max(a.maxXMm, b.maxXMm), maxYMm: Math.max(a.maxYMm, b.maxYMm) };
          out.splice(j, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  return out;
}

/** The board's own box (the outline's extent). */
export function outlineBox(profile: BoardProfile): BoxMm {
  const o = profile.outline;
  return o.shape === 'circle'
    ? { minXMm: o.xMm - o.radiusMm, minYMm: o.yMm - o.radiusMm, maxXMm: o.xMm + o.radiusMm, maxYMm: o.yMm + o.radiusMm }
    : { minXMm: o.minXMm, minYMm: o.minYMm, maxXMm: o.maxXMm, maxYMm: o.maxYMm };
}

function clip(b: BoxMm, to: BoxMm): BoxMm {
  return { minXMm: Math.max(b.minXMm, to.minXMm), minYMm: Math.max(b.minYMm, to.minYMm), maxXMm: Math.min(b.maxXMm, to.maxXMm), maxYMm: Math.min(b.maxYMm, to.maxYMm) };
}

export interface RegionDetectInput {
  frame: Frame;
  gray: GrayImage;
  calibration: Calibration;
  profile: BoardProfile;
  /** null: the whole board. */
  boxes: BoxMm[] | null;
  teamColors?: Rgb[];
  teamCount: number;
}

export function detectInBoxes(cv: CV, input: RegionDetectInput, options: Partial<DetectOptions> = {}): DetectedDisc[] {
  const { profile } = input;
  const whole = outlineBox(profile);
  const boxes = input.boxes ? input.boxes.map((b) => clip(b, whole)).filter((b) => boxArea(b) > 0) : [whole];
  const found: DetectedDisc[] = [];
  const rMm = (profile.pieces[0]?.diameterMm ?? 30) / 2;
  for (const box of boxes) {
    const region: BoardProfile =
      input.boxes === null
        ? profile
        : { ...profile, outline: { shape: 'rect', ...box, color: profile.outline.color, source: 'tracker: region that changed' } };
    const r = detectDiscs(cv, {
      frame: input.frame,
      gray: input.gray,
      calibration: input.calibration,
      profile: region,
      teamCount: input.teamCount,
      ...(input.teamColors && input.teamColors.length >= input.teamCount ? { teamColors: input.teamColors } : {}),
    }, options);
    for (const d of r.discs) {
      // Outside the real outline (a box may reach past it), or found twice by touching boxes.
      if (input.boxes !== null && !insideOutline(profile, d.xMm, d.yMm)) continue;
      if (found.some((f) => Math.hypot(f.xMm - d.xMm, f.yMm - d.yMm) < 0.6 * rMm)) continue;
      found.push(d);
    }
  }
  return found;
}

function insideOutline(profile: BoardProfile, xMm: number, yMm: number): boolean {
  const o = profile.outline;
  return o.shape === 'circle' ? Math.hypot(xMm - o.xMm, yMm - o.yMm) <= o.radiusMm : xMm >= o.minXMm && xMm <= o.maxXMm && yMm >= o.minYMm && yMm <= o.maxYMm;
}
