/**
 * The centre of a painted band (a line a few pixels wide or more) along a normal: the midpoint
 * of its two flanks. A ridge filter's response is flat across a band wider than the filter
 * expects, so its peak wanders inside the band; the flanks are sharp wherever the paint is.
 * The paint's width may differ from the profile's (boards are painted differently), so any
 * pair of flanks from 1.5 px to well over the expected width apart is taken.
 */
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import { searchEdgeOrWider, type EdgeHit } from './edge-search.ts';

const STEP_PX = 0.5;
/** Half the span of the flank (derivative) filter, in pixels. */
const FLANK_PX = 0.75;

interface Extremum {
  t: number;
  value: number;
}

/** Local extrema of a sampled signal with |value| >= floor, refined to a fraction of a step. */
function extrema(d: Float64Array, t0: number, floor: number): Extremum[] {
  const out: Extremum[] = [];
  for (let i = 1; i + 1 < d.length; i++) {
    const a = d[i - 1]!;
    const b = d[i]!;
    const c = d[i + 1]!;
    if (Math.abs(b) < floor) continue;
    const isMax = b > 0 && b >= a && b > c;
    const isMin = b < 0 && b <= a && b < c;
    if (!isMax && !isMin) continue;
    const denom = a - 2 * b + c;
    const frac = denom === 0 ? 0 : Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / denom));
    out.push({ t: t0 + (i + frac) * STEP_PX, value: b });
  }
  return out;
}

/**
 * `polarity` -1: a dark band (response negative, as searchEdge's), +1 a bright one, 0 either.
 * `widthPx` is the paint width the profile predicts in the image.
 */
export function searchBand(img: GrayImage, xPx: number, yPx: number, nx: number, ny: number, rangePx: number, widthPx: number, polarity: -1 | 0 | 1, minResponse: number): EdgeHit | null {
  const maxSepPx = Math.max(1.6 * widthPx, widthPx + 3);
  const reach = rangePx + maxSepPx / 2 + FLANK_PX + 1;
  const n = Math.ceil(reach / STEP_PX);
  const profile = new Float64Array(2 * n + 1);
  for (let i = -n; i <= n; i++) {
    const v = sampleBilinear(img, xPx + nx * i * STEP_PX, yPx + ny * i * STEP_PX);
    if (Number.isNaN(v)) return null;
    profile[i + n] = v;
  }
  // Derivative over +-FLANK_PX (3 steps apart), at every step but the ends.
  const k = Math.round(FLANK_PX / STEP_PX);
  const d = new Float64Array(2 * n + 1 - 2 * k);
  for (let i = 0; i < d.length; i++) d[i] = profile[i + 2 * k]! - profile[i]!;
  const ext = extrema(d, -n * STEP_PX + k * STEP_PX, minResponse);
  let best: EdgeHit | null = null;
  let bestScore = 0;
  for (let i = 0; i < ext.length; i++) {
    const a = ext[i]!;
    // A dark band is entered falling (negative derivative) and left rising.
    const sign = a.value < 0 ? -1 : 1;
    if (polarity !== 0 && sign !== polarity) continue;
    for (let j = i + 1; j < ext.length; j++) {
      const b = ext[j]!;
      const sep = b.t - a.t;
      if (sep > maxSepPx) break;
      if (sep < 1.5 || Math.sign(b.value) === Math.sign(a.value)) continue;
      const centre = (a.t + b.t) / 2;
      if (Math.abs(centre) > rangePx) continue;
      // Both flanks must be strong; a nearer centre wins a tie.
      const score = Math.min(Math.abs(a.value), Math.abs(b.value)) * (1 - 0.1 * (Math.abs(centre) / Math.max(rangePx, 1e-9)));
      if (score > bestScore) {
        bestScore = score;
        best = { offsetPx: centre, response: sign * Math.min(Math.abs(a.value), Math.abs(b.value)) };
      }
    }
  }
  return best;
}

/** Paint seen at least this wide (px) is found by its flanks; thinner lines by their ridge. */
export const BAND_MIN_WIDTH_PX = 2.5;

/**
 * searchEdge, with lines wide enough in the image found by their flanks (see searchBand). A thin
 * line too faint at its own width is looked for again `blurredWidthPx` wide when that is wider:
 * a blurred image (a camera out of focus, or far away) spreads a line of a pixel or two into a
 * shallow dip a few pixels wide, which a filter of the paint's width barely sees. (A function:
 * asked for only when a line is too faint, as measuring the blur costs something.)
 */
export function searchEdgeOrBand(img: GrayImage, xPx: number, yPx: number, nx: number, ny: number, rangePx: number, kind: 'line' | 'step', lineWidthPx: number, polarity: -1 | 0 | 1, minResponse: number, blurredWidthPx: () => number = () => 0): EdgeHit | null {
  if (kind === 'line' && lineWidthPx >= BAND_MIN_WIDTH_PX) {
    const band = searchBand(img, xPx, yPx, nx, ny, rangePx, lineWidthPx, polarity, minResponse);
    if (band) return band;
  }
  return searchEdgeOrWider(img, xPx, yPx, nx, ny, rangePx, kind, lineWidthPx, polarity, minResponse, blurredWidthPx);
}
