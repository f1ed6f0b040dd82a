/**
 * Circles drawn round a painted spot, and pieces over a pocket.
 *
 * A painted spot of another size than a piece (carrom's base spots inside their circles, the
 * centre spot) draws, with its circle and the lines beside it, part of a circle of a piece's
 * size round it. Such a fit's face is the spot's paint, which no piece of that size is. A spot
 * of a piece's own size is told apart by painted-lookalikes.ts.
 *
 * A piece whose centre lies over a hole that swallows pieces (a carrom pocket) has dropped in:
 * what is seen there lies in the pocket's net, off the board.
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { Frame } from '../image/frame.ts';
import { colourAt } from './colour-contrast.ts';
import { medianRgb } from './medians.ts';
import { colourDistance, rgbOf, type Rgb } from './teams.ts';

export const PAINTED_SPOT_DEFAULTS = {
  /** A fit found less than this far round its rim... */
  maxRimCoverage: 0.75,
  /** ... whose outline holds a painted spot's centre, whose radius differs from the spot's by more than this (mm)... */
  minRadiusDifferenceMm: 2,
  /**
   * ... and whose face is within this (teams.ts colourDistance) of that paint as seen on the
   * board's spots of its colour, is the paint. On 40 carrom scenes the striker-sized circles
   * round the spots were 20-56 from it, real men beside the spots 160 or more.
   */
  maxColourDistance: 60,
  /** A hole without a depth this much wider than the board's smallest piece swallows pieces (as painted-lookalikes.ts swallowRadiusRatio). */
  swallowRadiusRatio: 1.3,
  /** A piece whose centre lies this far (mm) or more inside such a hole's rim has dropped in (a piece on the lip keeps its centre outside). */
  insideHoleMm: 2,
};

export type PaintedSpotOptions = typeof PAINTED_SPOT_DEFAULTS;

export interface PaintedSpot {
  id: string;
  xMm: number;
  yMm: number;
  radiusMm: number;
  /** The paint as seen: the median over the board's spots of this colour (one under a piece does not move it). */
  seen: Rgb;
}

/** Colours within half a spot's radius of its centre (rings of 8). */
function spotSamples(frame: Frame, cal: Calibration, xMm: number, yMm: number, radiusMm: number): Rgb[] {
  const out: Rgb[] = [];
  for (const r of [0, radiusMm / 6, radiusMm / 3, radiusMm / 2]) {
    for (let k = 0; k < 8; k++) {
      const c = colourAt(frame, cal.boardToImage, cal.lens, xMm + r * Math.cos((k * Math.PI) / 4), yMm + r * Math.sin((k * Math.PI) / 4));
      if (c) out.push(c);
    }
  }
  return out;
}

/** The profile's painted spots (disk features) with their paint as seen in this frame. */
export function paintedSpots(frame: Frame, cal: Calibration, profile: BoardProfile): PaintedSpot[] {
  const disks = featuresOfKind(profile, 'disk');
  const seenByColour = new Map<string, Rgb | null>();
  for (const colour of new Set(disks.map((d) => d.color.toLowerCase()))) {
    const each = disks.filter((d) => d.color.toLowerCase() === colour).map((d) => medianRgb(spotSamples(frame, cal, d.xMm, d.yMm, d.radiusMm)));
    seenByColour.set(colour, medianRgb(each.filter((c): c is Rgb => c !== null)));
  }
  const out: PaintedSpot[] = [];
  for (const d of disks) {
    const seen = seenByColour.get(d.color.toLowerCase()) ?? rgbOf(d.color);
    if (seen) out.push({ id: d.id, xMm: d.xMm, yMm: d.yMm, radiusMm: d.radiusMm, seen });
  }
  return out;
}

/** The spot a fit is a circle drawn round, or null. */
export function spotCircleOf(fit: { xMm: number; yMm: number; radiusMm: number; rimCoverage: number; rgb: Rgb }, spots: readonly PaintedSpot[], o: PaintedSpotOptions = PAINTED_SPOT_DEFAULTS): PaintedSpot | null {
  if (fit.rimCoverage >= o.maxRimCoverage) return null;
  return (
    spots.find(
      (s) =>
        Math.hypot(fit.xMm - s.xMm, fit.yMm - s.yMm) < fit.radiusMm &&
        Math.abs(fit.radiusMm - s.radiusMm) > o.minRadiusDifferenceMm &&
        colourDistance(fit.rgb, s.seen) <= o.maxColourDistance,
    ) ?? null
  );
}

/** The hole that swallows pieces a piece's centre lies well inside, or null. */
export function swallowingHoleUnder(profile: BoardProfile, at: { xMm: number; yMm: number }, o: PaintedSpotOptions = PAINTED_SPOT_DEFAULTS): { id: string } | null {
  const smallestRadiusMm = Math.min(...profile.pieces.map((p) => p.diameterMm / 2));
  return (
    featuresOfKind(profile, 'hole').find(
      (h) => h.depthMm === undefined && h.radiusMm >= o.swallowRadiusRatio * smallestRadiusMm && Math.hypot(at.xMm - h.xMm, at.yMm - h.yMm) <= h.radiusMm - o.insideHoleMm,
    ) ?? null
  );
}
