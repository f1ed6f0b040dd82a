/**
 * A board cut in two by an arm lying across it: its outline's edges give two quads, each a
 * part of the board between one of its ends and the arm. The two share the board's long sides
 * (each part's pair of opposite sides lies on the same two lines), and the board is the quad
 * of those two lines and the two parts' far ends.
 */
import { intersect, lineThrough, polygonArea, type Point } from './coarse-quads.ts';

export interface JoinOptions {
  /** Sides on one line: their ends lie within this share of the joined length of each other's line (pixels: at least 3)... */
  maxOffsetFraction: number;
  /** ... and point within this many degrees of the same way. */
  maxAngleDeg: number;
}

/** Unit direction of the side from a to b. */
function direction(a: Point, b: Point): Point {
  const l = Math.hypot(b.x - a.x, b.y - a.y);
  return { x: (b.x - a.x) / l, y: (b.y - a.y) / l };
}

/** Distance of p from the line through a and b. */
function offsetFrom(a: Point, b: Point, p: Point): number {
  const d = direction(a, b);
  return Math.abs((p.x - a.x) * d.y - (p.y - a.y) * d.x);
}

/** Side k of a quad (corner k to corner k + 1). */
function side(q: readonly Point[], k: number): [Point, Point] {
  return [q[k % 4]!, q[(k + 1) % 4]!];
}

/** Whether two sides lie on one line (within `tolPx` and `maxAngleDeg`). */
function onOneLine(s: [Point, Point], t: [Point, Point], tolPx: number, maxAngleDeg: number): boolean {
  const ds = direction(s[0], s[1]);
  const dt = direction(t[0], t[1]);
  const cos = Math.abs(ds.x * dt.x + ds.y * dt.y);
  if (cos < Math.cos((maxAngleDeg * Math.PI) / 180)) return false;
  return [t[0], t[1]].every((p) => offsetFrom(s[0], s[1], p) <= tolPx) && [s[0], s[1]].every((p) => offsetFrom(t[0], t[1], p) <= tolPx);
}

/**
 * The quad joining two quads that lie end to end on the same pair of lines, or null. Corners
 * are in the quads' own (ideal) pixels; the result runs round the same way as `a`.
 */
export function joinQuads(a: readonly Point[], b: readonly Point[], o: JoinOptions): Point[] | null {
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 2; j++) {
      for (const crossed of [false, true]) {
        const a1 = side(a, i);
        const a2 = side(a, i + 2);
        const b1 = side(b, crossed ? j + 2 : j);
        const b2 = side(b, crossed ? j : j + 2);
        // Along the shared lines: each quad's extent, and the joined one's.
        const axis = direction(a1[0], a1[1]);
        const along = (p: Point) => p.x * axis.x + p.y * axis.y;
        const aLo = Math.min(...a.map(along));
        const aHi = Math.max(...a.map(along));
        const bLo = Math.min(...b.map(along));
        const bHi = Math.max(...b.map(along));
        const tolPx = Math.max(3, o.maxOffsetFraction * (Math.max(aHi, bHi) - Math.min(aLo, bLo)));
        if (!onOneLine(a1, b1, tolPx, o.maxAngleDeg) || !onOneLine(a2, b2, tolPx, o.maxAngleDeg)) continue;
        // End to end, not one inside the other: they overlap along the lines by less than half the shorter.
        const overlap = Math.min(aHi, bHi) - Math.max(aLo, bLo);
        if (overlap > 0.5 * Math.min(aHi - aLo, bHi - bLo)) continue;
        // The long lines through both parts' sides (their outermost ends), and each part's far end.
        const first = aLo < bLo ? a : b;
        const last = first === a ? b : a;
        const endOf = (q: readonly Point[], ends: 'low' | 'high') => {
          const k = q === a ? i : crossed ? j + 2 : j;
          const c1 = side(q, k + 1);
          const c2 = side(q, k + 3);
          const mid = (s: [Point, Point]) => along({ x: (s[0].x + s[1].x) / 2, y: (s[0].y + s[1].y) / 2 });
          return ends === 'low' ? (mid(c1) < mid(c2) ? c1 : c2) : mid(c1) > mid(c2) ? c1 : c2;
        };
        const lowEnd = endOf(first, 'low');
        const highEnd = endOf(last, 'high');
        const line1 = outermostLine(a1, b1, along);
        const line2 = outermostLine(a2, b2, along);
        const lowLine = lineThrough(lowEnd[0], lowEnd[1]);
        const highLine = lineThrough(highEnd[0], highEnd[1]);
        const corners = [intersect(line1, lowLine), intersect(line1, highLine), intersect(line2, highLine), intersect(line2, lowLine)];
        if (corners.some((p) => p === null)) continue;
        const quad = corners as Point[];
        // Run round it the same way as `a`.
        return Math.sign(polygonArea(quad)) === Math.sign(polygonArea(a)) ? quad : [quad[0]!, quad[3]!, quad[2]!, quad[1]!];
      }
    }
  }
  return null;
}

/** The line through the two sides' ends farthest apart along the axis. */
function outermostLine(s: [Point, Point], t: [Point, Point], along: (p: Point) => number): [number, number, number] {
  const pts = [s[0], s[1], t[0], t[1]].sort((p, q) => along(p) - along(q));
  return lineThrough(pts[0]!, pts[3]!);
}
