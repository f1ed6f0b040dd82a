/**
 * A rough mapping of a rectangle moved corner by corner onto the sharpest edges near it: each
 * corner (ideal pixels) is stepped along x and y while a score of the whole mapping rises, with
 * shrinking steps, each step scored over a search range in proportion to it (wide steps look
 * wide, the last ones only at the edges themselves). `score` may give up on a mapping that
 * cannot beat `bar` (the best so far), returning no more than it.
 */
import { applyHomography, homographyFromPairs } from '../geometry/homography.ts';
import type { Point } from './coarse-quads.ts';
import type { Rect } from './rect-model.ts';
import type { FitState } from './refine-fit.ts';

export interface ClimbOptions {
  /** Steps in ideal pixels, largest first. */
  stepsPx: readonly number[];
  /** Search range of the score at each step: this share of the step, at least `minRangePx`. */
  rangeFraction: number;
  minRangePx: number;
  /** Rounds over the eight corner coordinates at each step. */
  maxRounds: number;
}

export function climbCorners(state: FitState, rect: Rect, score: (s: FitState, rangePx: number, bar: number) => number, o: ClimbOptions): FitState {
  const model: Point[] = [
    { x: rect.minXMm, y: rect.minYMm },
    { x: rect.maxXMm, y: rect.minYMm },
    { x: rect.maxXMm, y: rect.maxYMm },
    { x: rect.minXMm, y: rect.maxYMm },
  ];
  let corners = model.map((p) => applyHomography(state.boardToImage, p.x, p.y));
  let bestH = state.boardToImage;
  for (const step of o.stepsPx) {
    const rangePx = Math.max(o.minRangePx, o.rangeFraction * step);
    let best = score({ boardToImage: bestH, lens: state.lens }, rangePx, -Infinity);
    let improved = true;
    for (let round = 0; improved && round < o.maxRounds; round++) {
      improved = false;
      for (let i = 0; i < 8; i++) {
        for (const d of [-step, step]) {
          const c = corners.map((p) => ({ ...p }));
          if (i % 2) c[i >> 1]!.y += d;
          else c[i >> 1]!.x += d;
          const h = homographyFromPairs(model.map((m, k) => ({ from: m, to: c[k]! })));
          if (!h) continue;
          const sc = score({ boardToImage: h, lens: state.lens }, rangePx, best);
          if (sc > best) {
            best = sc;
            corners = c;
            bestH = h;
            improved = true;
          }
        }
      }
    }
  }
  return { boardToImage: bestH, lens: state.lens };
}
