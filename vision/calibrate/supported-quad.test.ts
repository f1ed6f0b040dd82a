import { describe, expect, it } from 'vitest';
import type { Point } from './coarse-quads.ts';
import { SUPPORTED_QUAD_DEFAULTS, supportedQuads } from './supported-quad.ts';

/** Points every pixel along a polyline. */
function trace(corners: readonly Point[], closed: boolean): Point[] {
  const out: Point[] = [];
  const n = closed ? corners.length : corners.length - 1;
  for (let i = 0; i < n; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % corners.length]!;
    const steps = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y));
    for (let k = 0; k < steps; k++) out.push({ x: a.x + ((b.x - a.x) * k) / steps, y: a.y + ((b.y - a.y) * k) / steps });
  }
  return out;
}

describe('supportedQuads', () => {
  // A slanted board 60 x 300 px, and an arm from the image's edge reaching over its long side.
  const board: Point[] = [
    { x: 200, y: 60 },
    { x: 255, y: 84 },
    { x: 135, y: 359 },
    { x: 80, y: 335 },
  ];
  // Where the arm's edges meet the board's side (the side between them is under the arm).
  const path: Point[] = [board[0]!, board[1]!, { x: 202, y: 205 }, { x: 639, y: 300 }, { x: 639, y: 316 }, { x: 195, y: 221 }, board[2]!, board[3]!];
  const contour = trace(path, true);

  it('finds the board, not the hull of the board and the arm', () => {
    const [quad, ...more] = supportedQuads(path, contour, 640, 480, 2000, 2);
    expect(quad).toBeDefined();
    expect(more).toEqual([]);
    for (const c of board) {
      const nearest = Math.min(...quad!.map((q) => Math.hypot(q.x - c.x, q.y - c.y)));
      expect(nearest).toBeLessThan(2);
    }
  });

  it('finds nothing when the contour covers only part of any quad', () => {
    const twoSides = trace(board.slice(0, 3), false);
    expect(supportedQuads(board, twoSides, 640, 480, 2000, 2)).toEqual([]);
  });

  // A sunlit patch larger than the mat, its edge joined to the mat's near the mat's corner: one
  // contour runs round both, and the hull of both, or the patch alone, is not the mat.
  const mat: Point[] = [
    { x: 310, y: 110 },
    { x: 370, y: 90 },
    { x: 470, y: 300 },
    { x: 410, y: 330 },
  ];
  const patch: Point[] = [
    { x: 230, y: 60 },
    { x: 300, y: 130 },
    { x: 200, y: 360 },
    { x: 120, y: 260 },
  ];
  // Round the patch to where its side meets the mat's, round the mat, and back.
  const joined: Point[] = [patch[0]!, { x: 300, y: 130 }, mat[0]!, mat[1]!, mat[2]!, mat[3]!, mat[0]!, { x: 300, y: 130 }, patch[2]!, patch[3]!];
  const joinedContour = trace(joined, true);

  it('finds both outlines a contour runs round side by side, the larger first', () => {
    const quads = supportedQuads(joined, joinedContour, 640, 480, 2000, 2, { ...SUPPORTED_QUAD_DEFAULTS, maxQuads: 3 });
    expect(quads).toHaveLength(2);
    const error = (quad: readonly Point[], outline: readonly Point[]) => Math.max(...outline.map((c) => Math.min(...quad.map((q) => Math.hypot(q.x - c.x, q.y - c.y)))));
    expect(error(quads[0]!, patch)).toBeLessThan(2);
    expect(error(quads[1]!, mat)).toBeLessThan(2);
    // One quad only, as before: the patch's.
    const one = supportedQuads(joined, joinedContour, 640, 480, 2000, 2);
    expect(one).toHaveLength(1);
    expect(error(one[0]!, patch)).toBeLessThan(2);
  });

  it('gives no second quad lying over the first (a board and the markings inside it)', () => {
    const inner: Point[] = mat.map((p) => ({ x: 0.5 * p.x + 0.5 * 390, y: 0.5 * p.y + 0.5 * 210 }));
    // Round the mat, then along a mark from its corner round the inner outline.
    const path = [...mat, mat[0]!, ...inner, inner[0]!];
    const quads = supportedQuads(path, trace(path, true), 640, 480, 500, 2, { ...SUPPORTED_QUAD_DEFAULTS, maxQuads: 3 });
    expect(quads).toHaveLength(1);
    expect(Math.max(...mat.map((c) => Math.min(...quads[0]!.map((q) => Math.hypot(q.x - c.x, q.y - c.y)))))).toBeLessThan(2);
  });
});
