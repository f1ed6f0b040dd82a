/**
 * Places round a board's outline, the same on every loop grown from it: a round board has
 * one side, a rectangle four (each sampled in proportion to its length). A place is a side
 * and a fraction along it, so sample k lies at the same spot of the board on every loop.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';

export interface LoopPlace {
  side: number;
  /** 0..1 along the side (round: the angle's fraction of a turn). */
  t: number;
}

export function loopPlaces(profile: BoardProfile, count: number): LoopPlace[] {
  const o = profile.outline;
  if (o.shape === 'circle') return Array.from({ length: count }, (_, k) => ({ side: 0, t: k / count }));
  const w = o.maxXMm - o.minXMm;
  const h = o.maxYMm - o.minYMm;
  const lengths = [w, h, w, h];
  const perimeter = 2 * (w + h);
  const places: LoopPlace[] = [];
  lengths.forEach((len, side) => {
    const n = Math.max(2, Math.round((count * len) / perimeter));
    for (let k = 0; k < n; k++) places.push({ side, t: (k + 0.5) / n });
  });
  return places;
}

/** The place on the outline grown by `offsetMm` (negative: inside it). */
export function loopPoint(profile: BoardProfile, offsetMm: number, place: LoopPlace): { xMm: number; yMm: number } {
  const o = profile.outline;
  if (o.shape === 'circle') {
    const a = 2 * Math.PI * place.t;
    return { xMm: o.xMm + (o.radiusMm + offsetMm) * Math.cos(a), yMm: o.yMm + (o.radiusMm + offsetMm) * Math.sin(a) };
  }
  const x0 = o.minXMm - offsetMm;
  const x1 = o.maxXMm + offsetMm;
  const y0 = o.minYMm - offsetMm;
  const y1 = o.maxYMm + offsetMm;
  // Counter-clockwise: bottom, right, top, left.
  const t = place.t;
  if (place.side === 0) return { xMm: x0 + t * (x1 - x0), yMm: y0 };
  if (place.side === 1) return { xMm: x1, yMm: y0 + t * (y1 - y0) };
  if (place.side === 2) return { xMm: x1 - t * (x1 - x0), yMm: y1 };
  return { xMm: x0, yMm: y1 - t * (y1 - y0) };
}

/**
 * How far a place lies along its side of the loop grown by `offsetMm` from the side's start
 * and from its end (mm); a round board's loop has no ends.
 */
export function sideEndDistancesMm(profile: BoardProfile, offsetMm: number, place: LoopPlace): { fromStartMm: number; fromEndMm: number } {
  const o = profile.outline;
  if (o.shape === 'circle') return { fromStartMm: Infinity, fromEndMm: Infinity };
  const len = (place.side % 2 === 0 ? o.maxXMm - o.minXMm : o.maxYMm - o.minYMm) + 2 * offsetMm;
  return { fromStartMm: place.t * len, fromEndMm: (1 - place.t) * len };
}
