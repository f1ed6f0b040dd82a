import { describe, expect, it } from 'vitest';
import type { Point } from './coarse-quads.ts';
import { supportedQuad } from './supported-quad.ts';

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

describe('supportedQuad', () => {
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
    const quad = supportedQuad(path, contour, 640, 480, 2000, 2);
    expect(quad).not.toBeNull();
    for (const c of board) {
      const nearest = Math.min(...quad!.map((q) => Math.hypot(q.x - c.x, q.y - c.y)));
      expect(nearest).toBeLessThan(2);
    }
  });

  it('finds nothing when the contour covers only part of any quad', () => {
    const twoSides = trace(board.slice(0, 3), false);
    expect(supportedQuad(board, twoSides, 640, 480, 2000, 2)).toBeNull();
  });
});
