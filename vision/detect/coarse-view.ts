/**
 * A board seen coarsely (a 2 m sjoelbak board filling a 1080p frame: 0.3-0.5 image px per mm).
 * A view of the top-face plane at DETECT_DEFAULTS.rectifiedPxPerMm upsamples the image two or
 * three times over, spreading every edge's gradient below the circle finder's edge threshold:
 * on such boards candidates are also looked for in a view about as fine as the image, with the
 * edge and vote thresholds a small blurred circle needs (as for pucks: see pucks.ts). They are
 * added to the default view's (a fit started from those settled nearer some discs' rims), where
 * no candidate of that view lies.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { findCandidates, type Candidate } from './candidates.ts';
import type { DetectOptions } from './defaults.ts';
import { paintEdges } from './paint-explained.ts';
import { rectifyPlane } from './rectify.ts';

export const COARSE_VIEW_DEFAULTS = {
  /** Looked for where the default view upsamples the image at least this many times (a board at 0.5 image px per mm or coarser; finer boards keep the view they were tuned with). */
  minUpsampling: 2,
  /** The coarse view's resolution, as a multiple of the board's scale in the image. */
  viewPxPerImagePx: 1.5,
  /** Canny high threshold of the circle finder there (the default 60 found no candidate at all on 4 of 14 sjoelbak boards found). */
  houghCanny: 40,
  /** Hough accumulator threshold there (a small circle collects fewer votes). */
  houghThreshold: 12,
  /** A coarse candidate this many radii or nearer to one of the default view's is that one (farther, it may settle on another disc: 1 radius lost one). */
  sameCandidateRadii: 0.3,
  /** A disc fitted from a coarse candidate must have this much of its rim found (the lower thresholds find more circles on grain and walls: false discs so found had 48-58 %). */
  minRimCoverage: 0.6,
};

export type CoarseViewOptions = typeof COARSE_VIEW_DEFAULTS;

/**
 * The coarse view's resolution for a board seen at `boardPxPerMm` (the calibration's scale), or
 * null where none is needed. Only on boards without paint, whose edges the lower edge threshold
 * takes up too: on 20 carrom scenes (base circles and art) recall went 87.9 -> 88.8 % with it
 * but precision 96.4 -> 89.7 %; on 40 shuffleboard-mat scenes a fit started from a coarse
 * candidate settled on a line and lost a disc.
 */
export function coarseViewPxPerMm(profile: BoardProfile, boardPxPerMm: number, defaultViewPxPerMm: number, o: CoarseViewOptions = COARSE_VIEW_DEFAULTS): number | null {
  const paint = paintEdges(profile);
  if (paint.segments.some((g) => g.halfWidthMm > 0) || paint.circles.some((g) => g.halfWidthMm > 0)) return null;
  if (!(boardPxPerMm > 0) || boardPxPerMm * o.minUpsampling > defaultViewPxPerMm) return null;
  return o.viewPxPerImagePx * boardPxPerMm;
}

/** Candidates of the coarse view that none of `existing` (the default view's) accounts for. */
export function coarseCandidates(
  cv: CV,
  scene: { gray: GrayImage; topToImage: readonly number[]; lens: LensModel; extent: { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number } },
  viewPxPerMm: number,
  radiusMm: number,
  existing: readonly Candidate[],
  base: Pick<DetectOptions, 'minRadiusFraction' | 'maxRadiusFraction' | 'paintedNearFraction'>,
  o: CoarseViewOptions = COARSE_VIEW_DEFAULTS,
): Candidate[] {
  const view = rectifyPlane(cv, scene.gray, scene.topToImage, scene.lens, scene.extent, viewPxPerMm);
  const found = findCandidates(cv, view, radiusMm, { ...base, houghCanny: o.houghCanny, houghThreshold: o.houghThreshold });
  return found.filter((c) => !existing.some((e) => Math.hypot(e.xMm - c.xMm, e.yMm - c.yMm) <= o.sameCandidateRadii * radiusMm));
}
