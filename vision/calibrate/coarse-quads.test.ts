import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { findBoardQuads, straightenQuad, type Point } from './coarse-quads.ts';
import { noLens } from '../geometry/lens.ts';
import { RECT_CALIBRATE_DEFAULTS } from './rect-defaults.ts';

const W = 640;
const H = 480;

/** Whether a point is inside a convex polygon (either winding). */
function inside(poly: readonly Point[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** A long slanted board on a dark table, with an arm reaching in from the right over its side. */
function boardWithArm(): { gray: GrayImage; board: Point[] } {
  const board: Point[] = [
    { x: 260, y: 40 },
    { x: 340, y: 70 },
    { x: 190, y: 440 },
    { x: 110, y: 410 },
  ];
  // The arm (near the board in tone, so no edge parts them): a band from the image's right edge to a hand over the board's right side.
  const arm: Point[] = [
    { x: 639, y: 250 },
    { x: 639, y: 290 },
    { x: 250, y: 270 },
    { x: 250, y: 235 },
  ];
  const data = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = 40;
      if (inside(board, x + 0.5, y + 0.5)) v = 200;
      if (inside(arm, x + 0.5, y + 0.5)) v = 190;
      data[y * W + x] = v;
    }
  }
  return { gray: { data, widthPx: W, heightPx: H }, board };
}

/** Largest distance from a board corner to the nearest corner of a quad. */
function cornerError(quad: readonly Point[], board: readonly Point[]): number {
  return Math.max(...board.map((c) => Math.min(...quad.map((q) => Math.hypot(q.x - c.x, q.y - c.y)))));
}

describe('findBoardQuads', () => {
  it("finds a board whose outline an arm joins from its own straight sides (the hull's quad takes the arm in)", async () => {
    const { cv } = await loadOpenCv();
    const { gray, board } = boardWithArm();
    const opts = { ...RECT_CALIBRATE_DEFAULTS, quadWidthPx: W };
    const best = (quadsFromStretches: boolean) => Math.min(...findBoardQuads(cv, gray, { ...opts, quadsFromStretches }).map((q) => cornerError(q.cornersPx, board)));
    expect(best(true)).toBeLessThan(4);
    // Without the quads of straight stretches, no quad is the board's.
    expect(best(false)).toBeGreaterThan(10);
  });
});

describe('straightenQuad', () => {
  // A 400 x 200 px rectangle's sides, 40 points each; on the first side a stretch of 14 points
  // (an arm across it) lies 12-20 px out.
  const corners: Point[] = [{ x: 100, y: 100 }, { x: 500, y: 100 }, { x: 500, y: 300 }, { x: 100, y: 300 }];
  const sidesPx = corners.map((a, i) => {
    const b = corners[(i + 1) % 4]!;
    return Array.from({ length: 40 }, (_, k) => {
      const t = (k + 0.5) / 40;
      const out = i === 0 && k >= 10 && k < 24 ? 12 + (k % 3) * 4 : 0;
      return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t - out };
    });
  });
  const lens0 = noLens(640, 480);
  const worst = (q: readonly Point[]) => Math.max(...q.map((p, i) => Math.hypot(p.x - corners[i]!.x, p.y - corners[i]!.y)));

  it('takes a side crossed by an arm from the line most of its points lie on, when asked', () => {
    const plain = straightenQuad({ sidesPx }, lens0, [-0.3, 0.1]);
    // Trimming the farthest points does not rid the side of a third of them.
    expect(plain!.straightnessPx).toBeGreaterThan(RECT_CALIBRATE_DEFAULTS.maxQuadStraightnessPx);
    const held = straightenQuad({ sidesPx }, lens0, [-0.3, 0.1], RECT_CALIBRATE_DEFAULTS.quadSideConsensus);
    expect(held!.straightnessPx).toBeLessThan(0.1);
    expect(held!.counts[0]).toBe(26);
    expect(worst(held!.cornersPx)).toBeLessThan(0.5);
  });

  it('leaves straight sides as they are', () => {
    const clean = sidesPx.map((s, i) => (i === 0 ? s.map((p, k) => ({ x: p.x, y: k >= 10 && k < 24 ? 100 : p.y })) : s));
    const plain = straightenQuad({ sidesPx: clean }, lens0, [-0.3, 0.1]);
    const held = straightenQuad({ sidesPx: clean }, lens0, [-0.3, 0.1], RECT_CALIBRATE_DEFAULTS.quadSideConsensus);
    expect(held).toEqual(plain);
    expect(worst(held!.cornersPx)).toBeLessThan(0.5);
  });
});
