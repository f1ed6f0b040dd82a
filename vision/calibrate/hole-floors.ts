/**
 * Whether a board's holes are cups floored in the board's own material (PitRush's shallow
 * pits) rather than pockets or holes that open onto darkness (carrom, crokinole): a cup's rim
 * shows only where its wall is in shade, and the shade's edge is not the rim, so a fit must not
 * lean on it. Told by the brightness inside each hole against the board round it.
 */
import { applyHomography } from '../geometry/homography.ts';
import { distortPx } from '../geometry/lens.ts';
import { sampleBilinear, type GrayImage } from '../image/frame.ts';
import type { FitState } from './refine-fit.ts';

export interface HoleShape {
  xMm: number;
  yMm: number;
  radiusMm: number;
}

function median(xs: number[]): number {
  const s = xs.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
}

/** Median over the holes of (floor brightness / brightness of the board round the hole). */
export function holeFloorRatio(gray: GrayImage, state: FitState, holes: readonly HoleShape[]): number {
  const at = (x: number, y: number) => {
    const p = applyHomography(state.boardToImage, x, y);
    const q = distortPx(state.lens, p.x, p.y);
    return sampleBilinear(gray, q.x, q.y);
  };
  const ratios: number[] = [];
  for (const h of holes) {
    const inside: number[] = [];
    const around: number[] = [];
    for (let k = 0; k < 16; k++) {
      const a = (2 * Math.PI * k) / 16;
      for (const f of [0.2, 0.4, 0.6]) inside.push(at(h.xMm + f * h.radiusMm * Math.cos(a), h.yMm + f * h.radiusMm * Math.sin(a)));
      for (const f of [1.3, 1.5]) around.push(at(h.xMm + f * h.radiusMm * Math.cos(a), h.yMm + f * h.radiusMm * Math.sin(a)));
    }
    const i = median(inside);
    const o = median(around);
    if (o > 0) ratios.push(i / o);
  }
  return median(ratios);
}
