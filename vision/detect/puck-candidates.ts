/**
 * Puck candidates in colour. A puck as bright as the board (red on dark walnut, green under
 * dim light) has no edge in grey; its hue differs. The image is turned into each pixel's
 * chromaticity distance from the board's (brightness left out, so grain and shading stay
 * flat), rectified like the grey view and searched for circles the same way.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography } from '../geometry/homography.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import type { Frame, GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { findCandidates, type Candidate } from './candidates.ts';
import type { DetectOptions } from './defaults.ts';
import { median } from './medians.ts';
import { rectifyPlane } from './rectify.ts';

export const PUCK_CANDIDATE_DEFAULTS = {
  /** Grey levels per unit of chromaticity distance (red or green on wood: 0.2-0.3 apart). */
  chromaGain: 800,
  /** Pixels darker than this (sum of channels) have no reliable hue and count as the board's. */
  minChannelSum: 60,
  /** Below this sum of channels the distance is scaled down with brightness (a dark pixel's hue is mostly noise). */
  fullWeightChannelSum: 300,
  /** Board colour samples across and along the surface. */
  boardSamplesAcross: 12,
  boardSamplesAlong: 48,
  /** Canny high threshold of the colour search (a coloured puck's hue edge is strong; 30 let in twice the candidates for a few more pucks). */
  colourHoughCanny: 60,
  /** Pixels to spare round the view's box when the colour image is made (the lens bends its edges). */
  boxMarginPx: 16,
  /** A colour candidate within this many radii of a grey one is the same. */
  sameCandidateRadii: 0.5,
};

export type PuckCandidateOptions = typeof PUCK_CANDIDATE_DEFAULTS;

/** The board's chromaticity (r and g shares): medians over a grid on the playing surface. */
export function boardChromaticity(frame: Frame, profile: BoardProfile, boardToImage: readonly number[], lens: LensModel, o: PuckCandidateOptions = PUCK_CANDIDATE_DEFAULTS): { r: number; g: number } | null {
  const s = profile.surface;
  const box = s.shape === 'circle' ? { minXMm: s.xMm - s.radiusMm, maxXMm: s.xMm + s.radiusMm, minYMm: s.yMm - s.radiusMm, maxYMm: s.yMm + s.radiusMm } : s;
  const across = box.maxXMm - box.minXMm <= box.maxYMm - box.minYMm;
  const nx = across ? o.boardSamplesAcross : o.boardSamplesAlong;
  const ny = across ? o.boardSamplesAlong : o.boardSamplesAcross;
  const rs: number[] = [];
  const gs: number[] = [];
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < ny; j++) {
      const x = box.minXMm + ((i + 0.5) / nx) * (box.maxXMm - box.minXMm);
      const y = box.minYMm + ((j + 0.5) / ny) * (box.maxYMm - box.minYMm);
      const p = applyHomography(boardToImage, x, y);
      const q = distortPx(lens, p.x, p.y);
      const xi = Math.round(q.x);
      const yi = Math.round(q.y);
      if (xi < 0 || yi < 0 || xi >= frame.widthPx || yi >= frame.heightPx) continue;
      const k = (yi * frame.widthPx + xi) * 4;
      const sum = frame.data[k]! + frame.data[k + 1]! + frame.data[k + 2]!;
      if (sum < o.minChannelSum) continue;
      rs.push(frame.data[k]! / sum);
      gs.push(frame.data[k + 1]! / sum);
    }
  }
  return rs.length === 0 ? null : { r: median(rs), g: median(gs) };
}

/** A pixel box (inclusive) of the image. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Each pixel's chromaticity distance from `board`, scaled to grey levels, inside `box` (the
 * rest of the image, which no view samples, is left 0: a frame is mostly not the board); into
 * `reuse`, cleared, when it is the frame's size.
 */
export function chromaDistanceImage(frame: Frame, board: { r: number; g: number }, box: PixelBox | null = null, o: PuckCandidateOptions = PUCK_CANDIDATE_DEFAULTS, reuse?: Float32Array): GrayImage {
  const n = frame.widthPx * frame.heightPx;
  const data = reuse && reuse.length === n ? reuse.fill(0) : new Float32Array(n);
  const d = frame.data;
  const b = box ?? { x0: 0, y0: 0, x1: frame.widthPx - 1, y1: frame.heightPx - 1 };
  for (let y = Math.max(0, b.y0); y <= Math.min(frame.heightPx - 1, b.y1); y++) {
    for (let x = Math.max(0, b.x0); x <= Math.min(frame.widthPx - 1, b.x1); x++) {
      const i = y * frame.widthPx + x;
      const k = 4 * i;
      const sum = d[k]! + d[k + 1]! + d[k + 2]!;
      if (sum < o.minChannelSum) continue;
      const dr = d[k]! / sum - board.r;
      const dg = d[k + 1]! / sum - board.g;
      const weight = Math.min(1, sum / o.fullWeightChannelSum);
      data[i] = Math.min(255, o.chromaGain * weight * Math.sqrt(dr * dr + dg * dg));
    }
  }
  return { data, widthPx: frame.widthPx, heightPx: frame.heightPx };
}

/** The pixels a plane's box is seen in (its corners through the lens, a few pixels to spare: the lens bends the edges a little). */
function boxSeen(h: readonly number[], lens: LensModel, e: { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number }, marginPx: number): PixelBox {
  const pts = [
    [e.minXMm, e.minYMm],
    [e.maxXMm, e.minYMm],
    [e.maxXMm, e.maxYMm],
    [e.minXMm, e.maxYMm],
  ].map(([x, y]) => {
    const p = applyHomography(h, x!, y!);
    return distortPx(lens, p.x, p.y);
  });
  return {
    x0: Math.floor(Math.min(...pts.map((p) => p.x))) - marginPx,
    y0: Math.floor(Math.min(...pts.map((p) => p.y))) - marginPx,
    x1: Math.ceil(Math.max(...pts.map((p) => p.x))) + marginPx,
    y1: Math.ceil(Math.max(...pts.map((p) => p.y))) + marginPx,
  };
}

// The chroma image's array, reused by the next search on a frame of the same size (the view is
// taken from it at once): a fresh 8 MB array per search (two a carrom frame) made the garbage
// collector run full collections, tens of milliseconds each.
let chromaScratch: Float32Array | undefined;

/**
 * Candidates found in colour that the grey search did not find (`grey`), in the same plane
 * and extent as the grey view.
 */
export function colourPuckCandidates(
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
  const box = boxSeen(scene.topToImage, scene.lens, extent, o.boxMarginPx);
  const chroma = chromaDistanceImage(scene.frame, board, box, o, chromaScratch);
  chromaScratch = chroma.data;
  const view = rectifyPlane(cv, chroma, scene.topToImage, scene.lens, extent, d.rectifiedPxPerMm);
  return notFoundInGrey(findCandidates(cv, view, radiusMm, { ...d, houghCanny: o.colourHoughCanny }), grey, radiusMm, o);
}

/** Colour candidates the grey search did not find: none within sameCandidateRadii of one of `grey`. */
export function notFoundInGrey(colour: readonly Candidate[], grey: readonly Candidate[], radiusMm: number, o: PuckCandidateOptions): Candidate[] {
  return colour.filter((c) => !grey.some((g) => Math.hypot(g.xMm - c.xMm, g.yMm - c.yMm) < o.sameCandidateRadii * radiusMm));
}
