/**
 * Disc detection limited to boxes of the board (where something changed): the detector runs
 * on a copy of the profile whose outline is the box, so it rectifies, searches and fits only
 * there. Team labels come from the tracker's palette, not from per-box clustering.
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { DetectOptions } from '../detect/defaults.ts';
import { detectDiscs } from '../detect/detect.ts';
import type { Rgb } from '../detect/teams.ts';
import type { DetectedDisc } from '../detect/types.ts';
import { applyHomography } from '../geometry/homography.ts';
import { distortPx } from '../geometry/lens.ts';
import { sampleRgb, type Frame, type GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';

export const REGION_DETECT_DEFAULTS = {
  /**
   * A painted label (a section's number) can pass for a piece to the edge finder. A detection
   * centred within this share of the label's size of it is looked at inside: a piece covers the
   * paint with its own even colour; bare paint shows its strokes on the board (colours spread
   * by more than this, mean RGB distance from their mean).
   */
  labelNearFraction: 0.35,
  labelSpreadRgb: 40,
};

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
  /** Discs whose place did not change since the last rest: not measured again (see DetectInput.knownMm). */
  knownMm?: readonly { xMm: number; yMm: number }[];
  /** Where the image is as it was at the last rest (see DetectInput.unchangedAt). */
  unchangedAt?: (xMm: number, yMm: number, radiusMm: number) => boolean;
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
      ...(input.knownMm && input.knownMm.length > 0 ? { knownMm: input.knownMm } : {}),
      ...(input.unchangedAt ? { unchangedAt: input.unchangedAt } : {}),
    }, options);
    for (const d of r.discs) {
      // Outside the real outline (a box may reach past it), or found twice by touching boxes.
      if (input.boxes !== null && !insideOutline(profile, d.xMm, d.yMm)) continue;
      if (paintedLabel(input.frame, input.calibration, profile, d)) continue;
      if (found.some((f) => Math.hypot(f.xMm - d.xMm, f.yMm - d.yMm) < 0.6 * rMm)) continue;
      found.push(d);
    }
  }
  return found;
}

/** Spread of the colours inside a detection's top face (mean RGB distance from their mean). */
export function insideSpreadRgb(frame: Frame, cal: Calibration, d: { xMm: number; yMm: number; radiusMm: number }, heightMm: number): number {
  const top = planeAtHeight(cal, heightMm);
  const samples: [number, number, number][] = [];
  for (const f of [0, 0.3, 0.6]) {
    const n = f === 0 ? 1 : 12;
    for (let k = 0; k < n; k++) {
      const a = (2 * Math.PI * k) / n;
      const p = applyHomography(top, d.xMm + f * d.radiusMm * Math.cos(a), d.yMm + f * d.radiusMm * Math.sin(a));
      const q = distortPx(cal.lens, p.x, p.y);
      if (q.x >= 0 && q.y >= 0 && q.x <= frame.widthPx - 1 && q.y <= frame.heightPx - 1) samples.push(sampleRgb(frame, q.x, q.y));
    }
  }
  if (samples.length < 3) return 0;
  const mean = [0, 1, 2].map((c) => samples.reduce((s, x) => s + x[c as 0 | 1 | 2], 0) / samples.length);
  return samples.reduce((s, x) => s + Math.hypot(x[0] - mean[0]!, x[1] - mean[1]!, x[2] - mean[2]!), 0) / samples.length;
}

/** The detection is a painted label seen as a piece (see REGION_DETECT_DEFAULTS). */
function paintedLabel(frame: Frame, cal: Calibration, profile: BoardProfile, d: DetectedDisc, o = REGION_DETECT_DEFAULTS): boolean {
  const labels = featuresOfKind(profile, 'label').filter((l) => Math.hypot(d.xMm - l.xMm, d.yMm - l.yMm) <= o.labelNearFraction * l.sizeMm);
  if (labels.length === 0) return false;
  return insideSpreadRgb(frame, cal, d, profile.pieces[0]?.heightMm ?? 0) > o.labelSpreadRgb;
}

function insideOutline(profile: BoardProfile, xMm: number, yMm: number): boolean {
  const o = profile.outline;
  return o.shape === 'circle' ? Math.hypot(xMm - o.xMm, yMm - o.yMm) <= o.radiusMm : xMm >= o.minXMm && xMm <= o.maxXMm && yMm >= o.minYMm && yMm <= o.maxYMm;
}
