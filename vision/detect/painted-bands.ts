/**
 * Circles drawn by paint: between two concentric painted disks (a curling house's rings) lies a
 * band of paint; one about as wide as a disc holds a circle whose rim is the band's two edges,
 * found half round by a disc's fit. Such a weak fit, centred in the band and of the band's own
 * colour as seen along it, is the paint, not a disc.
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { colourAt } from './colour-contrast.ts';
import type { Rgb } from './teams.ts';

export interface PaintedBand {
  xMm: number;
  yMm: number;
  innerMm: number;
  outerMm: number;
}

/** Bands between consecutive concentric painted disks whose width is `minWidthRadii` to `maxWidthRadii` disc radii. */
export function paintedBands(profile: BoardProfile, discRadiusMm: number, minWidthRadii: number, maxWidthRadii: number): PaintedBand[] {
  const disks = featuresOfKind(profile, 'disk');
  const out: PaintedBand[] = [];
  for (const d of disks) {
    // The next smaller disk on the same centre: the band is what shows of d round it.
    const inner = disks.filter((e) => e !== d && Math.hypot(e.xMm - d.xMm, e.yMm - d.yMm) < 0.5 && e.radiusMm < d.radiusMm).sort((a, b) => b.radiusMm - a.radiusMm)[0];
    if (!inner) continue;
    const width = d.radiusMm - inner.radiusMm;
    if (width >= minWidthRadii * discRadiusMm && width <= maxWidthRadii * discRadiusMm) out.push({ xMm: d.xMm, yMm: d.yMm, innerMm: inner.radiusMm, outerMm: d.radiusMm });
  }
  return out;
}

/** The band a point lies in the middle of (within `toleranceMm` of its mid radius), if any. */
export function bandCentredAt(bands: readonly PaintedBand[], xMm: number, yMm: number, toleranceMm: number): PaintedBand | null {
  return bands.find((b) => Math.abs(Math.hypot(xMm - b.xMm, yMm - b.yMm) - (b.innerMm + b.outerMm) / 2) <= toleranceMm) ?? null;
}

/**
 * The band's colour as seen: the median along its mid radius (72 places), leaving out places
 * within `clearMm` of the points given (discs found, and the fit judged).
 */
export function bandColour(frame: Frame, boardToImage: readonly number[], lens: LensModel, band: PaintedBand, avoid: readonly { xMm: number; yMm: number }[], clearMm: number): Rgb | null {
  const mid = (band.innerMm + band.outerMm) / 2;
  const samples: Rgb[] = [];
  for (let k = 0; k < 72; k++) {
    const a = (2 * Math.PI * k) / 72;
    const x = band.xMm + mid * Math.cos(a);
    const y = band.yMm + mid * Math.sin(a);
    if (avoid.some((p) => Math.hypot(p.xMm - x, p.yMm - y) < clearMm)) continue;
    const c = colourAt(frame, boardToImage, lens, x, y);
    if (c) samples.push(c);
  }
  if (samples.length < 24) return null;
  const median = (j: 0 | 1 | 2) => {
    const v = samples.map((c) => c[j]).sort((p, q) => p - q);
    return v[Math.floor(v.length / 2)]!;
  };
  return [median(0), median(1), median(2)];
}
