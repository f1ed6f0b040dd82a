/**
 * Disc candidates in colour. A disc as bright as the board but of another hue (red on dark
 * wood) draws no circle in the grey view; it does in a view of each point's chromaticity
 * distance from the board's (as puck-candidates.ts makes for pucks). That view is sampled
 * straight from the frame at the view's own points, and coarsely (see colourViewPxPerMm): a
 * disc's circle is still a dozen pixels across, and the view costs a small part of a grey one.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { findCandidates, type Candidate } from './candidates.ts';
import type { DetectOptions } from './defaults.ts';
import { boardChromaticity, notFoundInGrey, PUCK_CANDIDATE_DEFAULTS, type PuckCandidateOptions } from './puck-candidates.ts';
import type { RectifiedView } from './rectify.ts';

/**
 * The view of a plane (`planeToImage`: plane mm to ideal pixels, then the lens) over `extent`,
 * each pixel the chromaticity distance from `board` of the frame's colour (bilinear) where the
 * camera sees that point, scaled as chromaDistanceImage scales it; 0 outside the frame.
 */
export function colourDistanceView(
  frame: Frame,
  planeToImage: readonly number[],
  lens: LensModel,
  extent: { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number },
  pxPerMm: number,
  board: { r: number; g: number },
  o: PuckCandidateOptions = PUCK_CANDIDATE_DEFAULTS,
): RectifiedView {
  const w = Math.ceil((extent.maxXMm - extent.minXMm) * pxPerMm);
  const h = Math.ceil((extent.maxYMm - extent.minYMm) * pxPerMm);
  const originXMm = extent.minXMm;
  const originYMm = extent.maxYMm;
  const out = new Uint8Array(w * h);
  const h0 = planeToImage[0]!, h1 = planeToImage[1]!, h2 = planeToImage[2]!, h3 = planeToImage[3]!, h4 = planeToImage[4]!, h5 = planeToImage[5]!, h6 = planeToImage[6]!, h7 = planeToImage[7]!, h8 = planeToImage[8]!;
  const cx = lens.centreXPx;
  const cy = lens.centreYPx;
  const k1 = lens.k1;
  const k2 = lens.k2;
  const s2 = 1 / (lens.scalePx * lens.scalePx);
  const fw = frame.widthPx;
  const fh = frame.heightPx;
  const d = frame.data;
  const { chromaGain, minChannelSum, fullWeightChannelSum } = o;
  for (let r = 0; r < h; r++) {
    const y = originYMm - r / pxPerMm;
    for (let c = 0; c < w; c++) {
      const x = originXMm + c / pxPerMm;
      const iw = 1 / (h6 * x + h7 * y + h8);
      const dx = (h0 * x + h1 * y + h2) * iw - cx;
      const dy = (h3 * x + h4 * y + h5) * iw - cy;
      const rr = (dx * dx + dy * dy) * s2;
      const f = 1 + k1 * rr + k2 * rr * rr;
      const px = cx + dx * f;
      const py = cy + dy * f;
      if (!(px >= 0 && py >= 0 && px < fw - 1 && py < fh - 1)) continue;
      const x0 = Math.floor(px);
      const y0 = Math.floor(py);
      const ax = px - x0;
      const ay = py - y0;
      const w00 = (1 - ax) * (1 - ay);
      const w01 = ax * (1 - ay);
      const w10 = (1 - ax) * ay;
      const w11 = ax * ay;
      const k = 4 * (y0 * fw + x0);
      const below = k + 4 * fw;
      const red = w00 * d[k]! + w01 * d[k + 4]! + w10 * d[below]! + w11 * d[below + 4]!;
      const green = w00 * d[k + 1]! + w01 * d[k + 5]! + w10 * d[below + 1]! + w11 * d[below + 5]!;
      const blue = w00 * d[k + 2]! + w01 * d[k + 6]! + w10 * d[below + 2]! + w11 * d[below + 6]!;
      const sum = red + green + blue;
      if (sum < minChannelSum) continue;
      const dr = red / sum - board.r;
      const dg = green / sum - board.g;
      const weight = Math.min(1, sum / fullWeightChannelSum);
      out[r * w + c] = Math.min(255, chromaGain * weight * Math.sqrt(dr * dr + dg * dg));
    }
  }
  return { gray: out, widthPx: w, heightPx: h, pxPerMm, originXMm, originYMm };
}

/**
 * Candidates found in the colour view of the top faces' plane that the grey search did not
 * find (none within sameCandidateRadii of one of `grey`).
 */
export function colourDiscCandidates(
  cv: CV,
  scene: { frame: Frame; profile: BoardProfile; boardToImage: readonly number[]; topToImage: readonly number[]; lens: LensModel },
  extent: { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number },
  radiusMm: number,
  grey: readonly Candidate[],
  d: DetectOptions,
  o: PuckCandidateOptions = PUCK_CANDIDATE_DEFAULTS,
): Candidate[] {
  const board = boardChromaticity(scene.frame, scene.profile, scene.boardToImage, scene.lens, o);
  if (!board) return [];
  const view = colourDistanceView(scene.frame, scene.topToImage, scene.lens, extent, d.colourViewPxPerMm, board, o);
  return notFoundInGrey(findCandidates(cv, view, radiusMm, { ...d, houghCanny: o.colourHoughCanny, houghThreshold: d.colourHoughThreshold }), grey, radiusMm, o);
}
