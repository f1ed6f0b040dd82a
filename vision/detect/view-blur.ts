/**
 * How blurred a rectified view is: the sigma (view px) of a Gaussian that would blur a sharp
 * step into the steps the view shows. A camera out of focus or moving softens every rim, and a
 * disc of low contrast then draws no edge strong enough for the circle search, and fits
 * with a pixel's steps find little of its rim (see blurredSearch, DETECT_DEFAULTS.blurRefPx).
 */
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import type { RectifiedView } from './rectify.ts';

export interface ViewBlurOptions {
  /** Pixels looked at: every this many in each direction. */
  strideViewPx: number;
  /** Least slope (grey levels per px) at a pixel for a step to be looked for there. */
  minSlopePerPx: number;
  /** Least step (grey levels) across an edge for its blur to be measured. */
  minStepGrey: number;
  /** Steps measured at most (evenly spread over those found): enough for a steady median. */
  maxSteps: number;
  /** Fewer steps than this: the blur is not known (0). */
  minSteps: number;
}

export const VIEW_BLUR_DEFAULTS: ViewBlurOptions = {
  strideViewPx: 4,
  minSlopePerPx: 4,
  minStepGrey: 20,
  maxSteps: 300,
  minSteps: 30,
};

const SQRT_2PI = Math.sqrt(2 * Math.PI);

/**
 * The median over step edges of step / steepest slope / sqrt(2 pi) (a blurred step's steepest
 * slope is step / (sigma sqrt(2 pi))). A step is taken where the slope peaks across the edge and
 * the grey goes on rising (or falling) past it on both sides, so a painted line (a dip that
 * comes back) is not one. 0 when too few steps were found.
 */
export function viewBlurPx(view: RectifiedView, o: ViewBlurOptions = VIEW_BLUR_DEFAULTS): number {
  const img: GrayImage = { data: view.gray, widthPx: view.widthPx, heightPx: view.heightPx } as unknown as GrayImage;
  const w = view.widthPx;
  const g = view.gray;
  const at = (c: number, r: number) => g[r * w + c]!;
  const m = 8;
  // Sobel at a pixel, scaled to grey levels per px, into gx, gy; its length returned.
  let gx = 0;
  let gy = 0;
  const sobel = (c: number, r: number): number => {
    gx = (at(c + 1, r - 1) + 2 * at(c + 1, r) + at(c + 1, r + 1) - at(c - 1, r - 1) - 2 * at(c - 1, r) - at(c - 1, r + 1)) / 8;
    gy = (at(c - 1, r + 1) + 2 * at(c, r + 1) + at(c + 1, r + 1) - at(c - 1, r - 1) - 2 * at(c, r - 1) - at(c + 1, r - 1)) / 8;
    return Math.hypot(gx, gy);
  };
  // Pixels sloped enough, counted first: the steps are then looked for evenly over all of them.
  let count = 0;
  for (let r = m; r < view.heightPx - m; r += o.strideViewPx) {
    for (let c = m; c < w - m; c += o.strideViewPx) if (sobel(c, r) >= o.minSlopePerPx) count++;
  }
  const every = Math.max(1, count / (8 * o.maxSteps));
  const sigmas: number[] = [];
  let seen = 0;
  let next = 0;
  for (let r = m; r < view.heightPx - m && sigmas.length < o.maxSteps; r += o.strideViewPx) {
    for (let c = m; c < w - m && sigmas.length < o.maxSteps; c += o.strideViewPx) {
      const slopeHere = sobel(c, r);
      if (slopeHere < o.minSlopePerPx) continue;
      if (seen++ < next) continue;
      next += every;
      const sigma = stepSigma(img, c, r, gx / slopeHere, gy / slopeHere, o.minStepGrey);
      if (sigma > 0) sigmas.push(sigma);
    }
  }
  if (sigmas.length < o.minSteps) return 0;
  sigmas.sort((a, b) => a - b);
  return sigmas[Math.floor(sigmas.length / 2)]!;
}

export interface BlurredSearchOptions {
  houghCanny: number;
  blurRefPx: number;
  blurMinCannyFraction: number;
  blurBaselineFactor: number;
  blurredEdgeHalfBaselinePx: number;
}

/**
 * How a view this blurred (sigma, view px) is searched and its discs measured: a sharp view
 * (blurPx up to blurRefPx, or unknown) as ever. A blurred one also with houghCanny lowered as
 * far as the blur lowers a step's slope (the circle search smooths by 1 px itself: sigmas add
 * in squares); and a rim found too little round is measured again (`fits`) with its edges taken
 * as steps about the blur wide in the image (`imagePxPerViewPx`), up to
 * blurredEdgeHalfBaselinePx each side.
 */
export function blurredSearch(blurPx: number, imagePxPerViewPx: number, o: BlurredSearchOptions): { houghCanny: number; fits: { edgeHalfBaselinePx?: number } } {
  if (!(o.blurRefPx > 0) || !(blurPx > o.blurRefPx)) return { houghCanny: o.houghCanny, fits: {} };
  const slopeShare = Math.sqrt((o.blurRefPx ** 2 + 1) / (blurPx ** 2 + 1));
  const halfBaselinePx = Math.min(o.blurredEdgeHalfBaselinePx, Math.max(SHARP_HALF_BASELINE_PX, o.blurBaselineFactor * blurPx * imagePxPerViewPx));
  return { houghCanny: o.houghCanny * Math.max(o.blurMinCannyFraction, slopeShare), fits: { edgeHalfBaselinePx: halfBaselinePx } };
}

/** The rim fit's own half baseline (see SilhouetteFitOptions.edgeHalfBaselinePx). */
const SHARP_HALF_BASELINE_PX = 0.75;

/**
 * The blur sigma of a step edge through (x, y) across direction (nx, ny), or 0 where there is
 * no step of at least `minStepGrey` there. The steepest place near the pixel is taken; the grey
 * must go on rising (or falling) to 5 px each side of it (a painted line is a dip, not a step).
 */
function stepSigma(img: GrayImage, x: number, y: number, nx: number, ny: number, minStepGrey: number): number {
  const p = (t: number) => sampleBilinear(img, x + nx * t, y + ny * t);
  const step = (p(5) + p(6) - p(-5) - p(-6)) / 2;
  if (!(step >= minStepGrey)) return 0;
  let slope = 0;
  let peak = 0;
  for (let t = -3; t <= 3; t += 0.25) {
    const d = p(t + 0.5) - p(t - 0.5);
    if (d > slope) {
      slope = d;
      peak = t;
    }
  }
  if (Math.abs(peak) > 1.5 || !(slope > 0)) return 0;
  const rising = p(peak - 5) <= p(peak - 2) + 3 && p(peak - 2) < p(peak + 2) && p(peak + 2) <= p(peak + 5) + 3;
  return rising ? step / slope / SQRT_2PI : 0;
}
