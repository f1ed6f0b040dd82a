/**
 * The board round a fit, without the discs of its own colour found beside it. A fit's colour is
 * judged against the board in a ring round it (colour-contrast.ts, SURROUND_RING_RADII); among
 * touching neighbours of its own colour that ring is mostly those neighbours, and a disc there
 * looks like "the board". The places of such discs found on the surface are left out of the
 * ring, out to a margin beyond each one's rim (its top face is seen off its footprint, its side
 * wall beside it). Discs of other colours found beside a fit stay in it, as do discs overlapping
 * it (flat discs cannot overlap: such a disc is a rival for the fit's place, not a neighbour): a
 * circle on the grain beside or across another taken for a disc must not be judged without it.
 * A disc in a hole lies below the surface, seen through the hole as its floor is: it stays part
 * of the board round a fit, as the hole does.
 */
import { SURROUND_RING_RADII, type SurroundFilter } from './colour-contrast.ts';
import type { Rgb } from './teams.ts';

export interface FoundDiscPlace {
  xMm: number;
  yMm: number;
  radiusMm: number;
  state: 'on-board' | 'in-hole';
  rgb: Rgb;
}

export interface SurroundOffDiscsOptions {
  /** Each disc's place reaches this share of its radius beyond its rim (negative: the test is off). */
  marginFraction: number;
  /** A disc is of the fit's colour within this RGB distance. */
  maxColourDistance: number;
  /** A disc nearer the fit than this share of their radii's sum overlaps it. */
  minApartFraction: number;
}

/** The outer ring's radius, in radii of the fit. */
const SURROUND_OUTER_RADII = Math.max(...SURROUND_RING_RADII);

function rgbDistance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** How far from its centre a found disc's place reaches (mm). */
function reachMm(d: FoundDiscPlace, o: SurroundOffDiscsOptions): number {
  return d.radiusMm * (1 + o.marginFraction);
}

/** Whether a found disc of the fit's colour, on the surface and not overlapping it, reaches into the ring round a fit of `radiusMm` at (xMm, yMm) whose top face is `rgb`. */
export function reachesSurround(d: FoundDiscPlace, fit: { xMm: number; yMm: number; radiusMm: number; rgb: Rgb }, o: SurroundOffDiscsOptions): boolean {
  const apartMm = Math.hypot(d.xMm - fit.xMm, d.yMm - fit.yMm);
  return (
    o.marginFraction >= 0 &&
    d.state === 'on-board' &&
    rgbDistance(d.rgb, fit.rgb) <= o.maxColourDistance &&
    apartMm >= o.minApartFraction * (d.radiusMm + fit.radiusMm) &&
    apartMm < SURROUND_OUTER_RADII * fit.radiusMm + reachMm(d, o)
  );
}

/**
 * The ring round a fit less the places of the found discs reaching into it (see
 * reachesSurround; and only points `level` keeps, where given), or null when none reaches it
 * and the ring is taken as it is.
 */
export function surroundOffDiscs(
  found: readonly FoundDiscPlace[],
  fit: { xMm: number; yMm: number; radiusMm: number; rgb: Rgb },
  o: SurroundOffDiscsOptions,
  level?: SurroundFilter,
): SurroundFilter | null {
  const beside = found.filter((d) => reachesSurround(d, fit, o));
  if (beside.length === 0) return null;
  return (x, y) => (!level || level(x, y)) && !beside.some((d) => Math.hypot(d.xMm - x, d.yMm - y) < reachMm(d, o));
}
