import { describe, expect, it } from 'vitest';
import { applyHomography, homographyFromPairs } from '../geometry/homography.ts';
import { noLens } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import { climbCorners } from './corner-climb.ts';
import { searchEdge } from './edge-search.ts';
import type { Rect } from './rect-model.ts';
import type { FitState } from './refine-fit.ts';

const W = 400;
const H = 300;
const RECT: Rect = { minXMm: 0, minYMm: 0, maxXMm: 100, maxYMm: 300 };
const TRUE_CORNERS = [
  { x: 120, y: 250 },
  { x: 200, y: 262 },
  { x: 250, y: 40 },
  { x: 190, y: 30 },
];
const MODEL = [
  { x: RECT.minXMm, y: RECT.minYMm },
  { x: RECT.maxXMm, y: RECT.minYMm },
  { x: RECT.maxXMm, y: RECT.maxYMm },
  { x: RECT.minXMm, y: RECT.maxYMm },
];

/** A bright board with a dark bar across it at a third of its length, on a dark table. */
function view(): GrayImage {
  const toBoard = homographyFromPairs(TRUE_CORNERS.map((from, i) => ({ from, to: MODEL[i]! })))!;
  const data = new Float32Array(W * H);
  const sub = [-0.25, 0.25];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let s = 0;
      for (const dy of sub) {
        for (const dx of sub) {
          const p = applyHomography(toBoard, x + dx, y + dy);
          const on = p.x >= 0 && p.x <= 100 && p.y >= 0 && p.y <= 300;
          const bar = p.y >= 95 && p.y <= 105;
          s += on ? (bar ? 60 : 200) : 40;
        }
      }
      data[y * W + x] = s / 4;
    }
  }
  return { data, widthPx: W, heightPx: H };
}

/** Mean edge response (capped) where a mapping puts the board's sides and the bar's edges. */
function edgeScore(gray: GrayImage) {
  const samples: { x: number; y: number; nx: number; ny: number }[] = [];
  for (let t = 5; t < 100; t += 5) samples.push({ x: t, y: 0, nx: 0, ny: -1 }, { x: t, y: 300, nx: 0, ny: 1 }, { x: t, y: 95, nx: 0, ny: -1 }, { x: t, y: 105, nx: 0, ny: 1 });
  for (let t = 10; t < 300; t += 10) samples.push({ x: 0, y: t, nx: -1, ny: 0 }, { x: 100, y: t, nx: 1, ny: 0 });
  return (state: FitState, rangePx: number) => {
    let sum = 0;
    for (const s of samples) {
      const p = applyHomography(state.boardToImage, s.x, s.y);
      const q = applyHomography(state.boardToImage, s.x + s.nx, s.y + s.ny);
      const l = Math.hypot(q.x - p.x, q.y - p.y);
      const hit = searchEdge(gray, p.x, p.y, (q.x - p.x) / l, (q.y - p.y) / l, rangePx, 'step', 0, 0);
      if (hit) sum += Math.min(40, Math.abs(hit.response));
    }
    return sum / samples.length;
  };
}

function cornerErrorPx(state: FitState): number {
  return Math.max(...MODEL.map((m, i) => {
    const p = applyHomography(state.boardToImage, m.x, m.y);
    return Math.hypot(p.x - TRUE_CORNERS[i]!.x, p.y - TRUE_CORNERS[i]!.y);
  }));
}

describe('climbCorners', () => {
  it('moves a guess several pixels off at each corner onto the board\'s edges', () => {
    const gray = view();
    const off = [
      { x: 5, y: -4 },
      { x: -3, y: 6 },
      { x: 4, y: 5 },
      { x: -6, y: -3 },
    ];
    const start = homographyFromPairs(MODEL.map((from, i) => ({ from, to: { x: TRUE_CORNERS[i]!.x + off[i]!.x, y: TRUE_CORNERS[i]!.y + off[i]!.y } })))!;
    const state: FitState = { boardToImage: start, lens: noLens(W, H) };
    expect(cornerErrorPx(state)).toBeGreaterThan(6);
    const climbed = climbCorners(state, RECT, edgeScore(gray), { stepsPx: [6, 3, 1.5, 0.75], rangeFraction: 1, minRangePx: 0.75, maxRounds: 8 });
    expect(cornerErrorPx(climbed)).toBeLessThan(1);
  });

  it('leaves a mapping already on the edges where it is', () => {
    const gray = view();
    const start = homographyFromPairs(MODEL.map((from, i) => ({ from, to: TRUE_CORNERS[i]! })))!;
    const climbed = climbCorners({ boardToImage: start, lens: noLens(W, H) }, RECT, edgeScore(gray), { stepsPx: [6, 3, 1.5, 0.75], rangeFraction: 1, minRangePx: 0.75, maxRounds: 8 });
    expect(cornerErrorPx(climbed)).toBeLessThan(0.8);
  });
});
