/**
 * Candidates in the band of a board that lies lower and darker than its surface (crokinole's
 * ditch): a dark disc there differs from the floor round it by a few grey levels, too little
 * for the edge threshold that suits the lit surface (see findLowerBandCandidates).
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { findCandidates, type Candidate } from './candidates.ts';
import type { RectifiedView } from './rectify.ts';

type Shape = BoardProfile['surface'] | BoardProfile['outline'];

/** The x extent (mm) of a shape, shrunk by `insetMm`, along the line y = yMm; null where it does not reach. */
function rowSpanMm(s: Shape, yMm: number, insetMm: number): [number, number] | null {
  if (s.shape === 'rect') {
    if (yMm < s.minYMm + insetMm || yMm > s.maxYMm - insetMm || s.maxXMm - s.minXMm < 2 * insetMm) return null;
    return [s.minXMm + insetMm, s.maxXMm - insetMm];
  }
  const r = s.radiusMm - insetMm;
  const dy = yMm - s.yMm;
  if (r <= 0 || Math.abs(dy) > r) return null;
  const half = Math.sqrt(r * r - dy * dy);
  return [s.xMm - half, s.xMm + half];
}

function inSpan(span: [number, number] | null, xMm: number): boolean {
  return span !== null && xMm >= span[0] && xMm <= span[1];
}

/** Whether a disc centred here lies in the band: off the surface, inside the outline by its radius (the rail beside a ditch is no place for one). */
export function holdsLowerBandDisc(profile: BoardProfile, xMm: number, yMm: number, radiusMm: number): boolean {
  return !inSpan(rowSpanMm(profile.surface, yMm, 0), xMm) && inSpan(rowSpanMm(profile.outline, yMm, radiusMm), xMm);
}

/** The mean of the four view pixels under a pixel of the half-resolution view. */
function meanAt(view: RectifiedView, r: number, c: number): number {
  const w = view.widthPx;
  const i = 2 * r * w + 2 * c;
  return (view.gray[i]! + view.gray[i + 1]! + view.gray[i + w]! + view.gray[i + w + 1]!) / 4;
}

function histMedian(h: Uint32Array): number | null {
  let total = 0;
  for (const v of h) total += v;
  if (total === 0) return null;
  let seen = 0;
  for (let g = 0; g < h.length; g++) {
    seen += h[g]!;
    if (2 * seen >= total) return g;
  }
  return null;
}

/**
 * The band alone, its grey levels scaled round its median by how much brighter the surface is
 * (at most `lowerBandMaxGain`), shows a dark disc's outline there as the surface would show it;
 * the rest of the view is made flat. Kept: candidates where a disc of the band can lie, farther
 * than 1.2 radii from each of `found`. `gain`: the scale used, by which a rim's edges there are
 * weaker than on the surface (1 where the band is not darker than `lowerBandMinGain` says:
 * the surface's own candidates see discs there, and none are looked for).
 */
export function findLowerBandCandidates(
  cv: CV,
  view: RectifiedView,
  profile: BoardProfile,
  radiusMm: number,
  o: { houghThreshold: number; houghCanny: number; minRadiusFraction: number; maxRadiusFraction: number; paintedNearFraction: number; lowerBandMaxGain: number; lowerBandMinGain: number; lowerBandHoughThreshold: number },
  found: readonly Candidate[],
): { candidates: Candidate[]; gain: number } {
  // At half the view's resolution (each pixel the mean of four): a quarter of the pixels to
  // search, and the noise the gain scales up halved.
  const w = view.widthPx;
  const hw = Math.floor(w / 2);
  const hh = Math.floor(view.heightPx / 2);
  const mmPerHalfPx = 2 / view.pxPerMm;
  const x0Mm = view.originXMm + 0.5 / view.pxPerMm;
  const mean = new Float32Array(hw * hh);
  const inBand = new Uint8Array(hw * hh);
  const bandHist = new Uint32Array(256);
  const surfaceHist = new Uint32Array(256);
  for (let r = 0; r < hh; r++) {
    const yMm = view.originYMm - (2 * r + 0.5) / view.pxPerMm;
    const outline = rowSpanMm(profile.outline, yMm, 0);
    if (!outline) continue;
    const surface = rowSpanMm(profile.surface, yMm, 0);
    const c0 = Math.max(0, Math.ceil((outline[0] - x0Mm) / mmPerHalfPx));
    const c1 = Math.min(hw - 1, Math.floor((outline[1] - x0Mm) / mmPerHalfPx));
    // The surface's pixels between, every fourth of every fourth row: enough for its median.
    const from = surface ? Math.max(c0, Math.ceil((surface[0] - x0Mm) / mmPerHalfPx)) : c1 + 1;
    const s1 = surface ? Math.min(c1, Math.floor((surface[1] - x0Mm) / mmPerHalfPx)) : c1;
    const s0 = from <= s1 ? from : c1 + 1;
    for (let c = c0; c <= c1; c++) {
      if (c === s0) {
        if (r % 4 === 0) for (let k = s0; k <= s1; k += 4) surfaceHist[Math.round(meanAt(view, r, k))]!++;
        c = s1;
        continue;
      }
      const j = r * hw + c;
      const m = meanAt(view, r, c);
      mean[j] = m;
      inBand[j] = 1;
      bandHist[Math.round(m)]!++;
    }
  }
  const bandMedian = histMedian(bandHist);
  const surfaceMedian = histMedian(surfaceHist);
  if (bandMedian === null || surfaceMedian === null) return { candidates: [], gain: 1 };
  const gain = Math.min(o.lowerBandMaxGain, surfaceMedian / Math.max(1, bandMedian));
  if (!(gain >= o.lowerBandMinGain)) return { candidates: [], gain: 1 };
  const gray = new Uint8Array(hw * hh).fill(128);
  for (let j = 0; j < gray.length; j++) if (inBand[j]) gray[j] = Math.max(0, Math.min(255, Math.round(128 + gain * (mean[j]! - bandMedian))));
  const half: RectifiedView = { gray, widthPx: hw, heightPx: hh, pxPerMm: view.pxPerMm / 2, originXMm: view.originXMm + 0.5 / view.pxPerMm, originYMm: view.originYMm - 0.5 / view.pxPerMm };
  const candidates = findCandidates(cv, half, radiusMm, { ...o, houghThreshold: o.lowerBandHoughThreshold }).filter(
    (c) => holdsLowerBandDisc(profile, c.xMm, c.yMm, radiusMm) && !found.some((f) => Math.hypot(f.xMm - c.xMm, f.yMm - c.yMm) < 1.2 * radiusMm),
  );
  return { candidates, gain };
}
