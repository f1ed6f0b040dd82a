/**
 * Painted circles and holes the size of a piece (carrom's base circles, centre spot and
 * pockets) look like a piece to an edge finder. Two things tell them apart:
 * - what lies inside: where the paint leaves a ring of bare board inside the piece's outline
 *   (a spot within a circle), a piece covers that ring with its own colour;
 * - height: measured as a top face, paint comes out shifted towards the camera's foot by the
 *   parallax of the piece's height, while a piece lying there comes out on its centre.
 * Where neither tells (the camera nearly above a plain spot), the detection is taken for the
 * paint: the board's own markings are always there, a piece on one only sometimes.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography } from '../geometry/homography.ts';
import { distortPx } from '../geometry/lens.ts';
import { sampleRgb, type Frame } from '../image/frame.ts';
import type { Calibration } from '../calibrate/types.ts';

export interface LookAlike {
  id: string;
  xMm: number;
  yMm: number;
  /** A ring of bare board inside the piece's outline (inner and outer radius), if the paint leaves one. */
  bareMm: [number, number] | null;
  /** A hole (a pocket): a piece lying in it has left the board. */
  hole: boolean;
}

export const LOOKALIKE_DEFAULTS = {
  /** Paint or a hole whose radius (or a ring's outer edge) is this near a piece's is a look-alike. */
  radiusToleranceMm: 2,
  /**
   * A hole with no depth to rest at, this much wider than the piece, swallows it (a carrom
   * pocket, into its net): a piece found in it has left the board. Narrower ones (PitRush's
   * pits) hold a piece where it can be seen.
   */
  swallowRadiusRatio: 1.3,
  /** A detection this near a look-alike's centre (or where its paint would be measured) is in question. */
  nearMm: 3,
  /** The parallax shift must be at least this, and the detection this much nearer one place, to decide. */
  minShiftMm: 0.8,
  minPreferenceMm: 0.35,
  /** A bare ring at least this wide (mm) is looked at; its colour must differ from the centre's by this much (RGB distance) for paint. */
  minBareMm: 1.2,
  bareContrast: 45,
};

export type LookAlikeOptions = typeof LOOKALIKE_DEFAULTS;

/** The profile's paint and holes a piece of this radius could be taken for. */
export function lookAlikes(profile: BoardProfile, pieceRadiusMm: number, o: LookAlikeOptions = LOOKALIKE_DEFAULTS): LookAlike[] {
  const out: LookAlike[] = [];
  for (const f of profile.features) {
    if (f.kind !== 'disk' && f.kind !== 'ring' && f.kind !== 'hole') continue;
    // A hole a disc rests in (it has a depth) is measured where it lies; one that swallows is not.
    if (f.kind === 'hole' && f.depthMm !== undefined) continue;
    const sizes = f.kind === 'ring' ? (f.lineWidthMm > 0 ? [f.radiusMm, f.radiusMm + f.lineWidthMm / 2] : []) : [f.radiusMm];
    const swallows = f.kind === 'hole' && f.radiusMm >= o.swallowRadiusRatio * pieceRadiusMm;
    if (!swallows && !sizes.some((r) => Math.abs(r - pieceRadiusMm) <= o.radiusToleranceMm)) continue;
    if (out.some((l) => Math.hypot(l.xMm - f.xMm, l.yMm - f.yMm) < 1)) continue;
    out.push({ id: f.id, xMm: f.xMm, yMm: f.yMm, bareMm: f.kind === 'hole' ? null : bareRing(profile, f.xMm, f.yMm, pieceRadiusMm, o), hole: f.kind === 'hole' });
  }
  return out;
}

/** The widest ring of bare board between the paint centred here, within a piece's radius. */
function bareRing(profile: BoardProfile, xMm: number, yMm: number, radiusMm: number, o: LookAlikeOptions): [number, number] | null {
  const painted: [number, number][] = [];
  for (const f of profile.features) {
    if ((f.kind !== 'disk' && f.kind !== 'ring') || Math.hypot(f.xMm - xMm, f.yMm - yMm) > 0.5) continue;
    painted.push(f.kind === 'disk' ? [0, f.radiusMm] : [f.radiusMm - f.lineWidthMm / 2, f.radiusMm + f.lineWidthMm / 2]);
  }
  painted.sort((a, b) => a[0] - b[0]);
  let best: [number, number] | null = null;
  let reach = 0;
  for (const [a, b] of [...painted, [radiusMm, radiusMm] as [number, number]]) {
    const gap: [number, number] = [reach + 0.5, Math.min(a, radiusMm) - 0.5];
    if (reach > 0 && gap[1] - gap[0] >= o.minBareMm && (!best || gap[1] - gap[0] > best[1] - best[0])) best = gap;
    reach = Math.max(reach, b);
  }
  return best;
}

function meanRgb(frame: Frame, cal: Calibration, xMm: number, yMm: number, r0: number, r1: number): [number, number, number] {
  const acc = [0, 0, 0];
  let n = 0;
  for (let k = 0; k < 24; k++) {
    const a = (2 * Math.PI * k) / 24;
    for (const r of [r0, (r0 + r1) / 2, r1]) {
      const p = applyHomography(cal.boardToImage, xMm + r * Math.cos(a), yMm + r * Math.sin(a));
      const q = distortPx(cal.lens, p.x, p.y);
      if (q.x < 0 || q.y < 0 || q.x > frame.widthPx - 1 || q.y > frame.heightPx - 1) continue;
      const c = sampleRgb(frame, q.x, q.y);
      acc[0]! += c[0];
      acc[1]! += c[1];
      acc[2]! += c[2];
      n++;
    }
  }
  return n ? [acc[0]! / n, acc[1]! / n, acc[2]! / n] : [NaN, NaN, NaN];
}

/**
 * The look-alike a detection (a footprint measured from a top face at `heightMm`) is, or
 * null when it is a piece.
 */
export function paintedLookAlike(
  frame: Frame,
  cal: Calibration,
  det: { xMm: number; yMm: number; state: 'on-board' | 'in-hole' },
  heightMm: number,
  candidates: readonly LookAlike[],
  o: LookAlikeOptions = LOOKALIKE_DEFAULTS,
): LookAlike | null {
  const camera = { xMm: cal.camera.centreXMm, yMm: cal.camera.centreYMm, zMm: cal.camera.centreZMm };
  for (const l of candidates) {
    const onPiece = Math.hypot(det.xMm - l.xMm, det.yMm - l.yMm);
    // Paint read as a top face: the point of the top face's plane on the ray to the paint.
    const k = heightMm / Math.max(heightMm + 1, camera.zMm);
    const px = l.xMm + (camera.xMm - l.xMm) * k;
    const py = l.yMm + (camera.yMm - l.yMm) * k;
    const onPaint = Math.hypot(det.xMm - px, det.yMm - py);
    if (Math.min(onPiece, onPaint) > o.nearMm) continue;
    // Put at a hole's centre, it was taken to lie in it; a hole with no depth to lie at swallows it.
    if (l.hole && det.state === 'in-hole') return l;
    if (l.bareMm) {
      // Bare board inside the outline: paint; the centre's colour all the way out: a piece.
      const centre = meanRgb(frame, cal, l.xMm, l.yMm, 0, 0.6 * l.bareMm[0]);
      const ring = meanRgb(frame, cal, l.xMm, l.yMm, l.bareMm[0], l.bareMm[1]);
      const d = Math.hypot(centre[0] - ring[0], centre[1] - ring[1], centre[2] - ring[2]);
      if (Number.isFinite(d)) {
        if (d >= o.bareContrast) return l;
        continue;
      }
    }
    if (Math.hypot(px - l.xMm, py - l.yMm) >= o.minShiftMm && Math.abs(onPaint - onPiece) >= o.minPreferenceMm && onPiece < onPaint) continue;
    return l;
  }
  return null;
}
