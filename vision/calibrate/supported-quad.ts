/**
 * A board's outline from a contour that also runs round something else joined to it (an arm
 * reaching across a side, a long shadow, a patch of sunlight beside the mat): the convex hull
 * of such a contour takes the other thing in, and the board's own sides vanish inside the
 * hull. Here every straight stretch of the contour is a candidate side; of the convex quads
 * four of them make, the largest whose outline the contour covers nearly all round is the
 * board's, or the largest beside it (a sunlit patch the size of the mat joined to its corner).
 */
import { fitLine, intersect, isConvex, lineThrough, polygonArea, type Point } from './coarse-quads.ts';

export interface SupportedQuadOptions {
  /** Least share of the quad's outline with a contour point near it. */
  minCoverage: number;
  /** How near (px) a contour point must be to cover the outline. */
  nearPx: number;
  /** Longest stretches tried as sides. */
  maxLines: number;
  /** Shortest stretch tried, as a share of the square root of the least quad area. */
  minLineFraction: number;
  /** Most quads given from one contour, each lying beside the larger ones (see supportedQuads). */
  maxQuads: number;
}

export const SUPPORTED_QUAD_DEFAULTS: SupportedQuadOptions = { minCoverage: 0.85, nearPx: 2, maxLines: 14, minLineFraction: 0.3, maxQuads: 1 };

/** (a, b, c) with a x + b y + c = 0 and (a, b) a unit normal. */
type Line = [number, number, number];

/** The mean of a quad's corners. */
function centre(q: readonly Point[]): Point {
  return { x: (q[0]!.x + q[1]!.x + q[2]!.x + q[3]!.x) / 4, y: (q[0]!.y + q[1]!.y + q[2]!.y + q[3]!.y) / 4 };
}

/** Whether a point lies inside a convex quad (either winding). */
function insideConvex(q: readonly Point[], p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % 4]!;
    const s = Math.sign((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
    if (s === 0) continue;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** Whether two convex quads lie one over the other (either's centre inside the other). */
function overlapping(a: readonly Point[], b: readonly Point[]): boolean {
  return insideConvex(a, centre(b)) || insideConvex(b, centre(a));
}

/**
 * The largest convex quad made of four straight stretches of a contour (a simplified polygon
 * of it, `poly`, within `tolPx` of it) whose outline the contour's points cover, then the
 * largest lying beside it (neither's centre inside the other), and so on up to `o.maxQuads`;
 * none when no quad is covered. Coordinates in the image the contour came from (`widthPx` x
 * `heightPx`).
 */
export function supportedQuads(poly: readonly Point[], contour: readonly Point[], widthPx: number, heightPx: number, minArea: number, tolPx: number, o: SupportedQuadOptions = SUPPORTED_QUAD_DEFAULTS): Point[][] {
  const n = poly.length;
  if (n < 4) return [];
  // Stretches of the contour, longest first; one traced along both sides of an edge is one line.
  const minLen = o.minLineFraction * Math.sqrt(minArea);
  const stretches: { line: Line; len: number }[] = [];
  for (let i = 0; i < n; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % n]!;
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    if (len < minLen) continue;
    // The line through the contour's points along the stretch (the polygon only follows them roughly).
    const rough = lineThrough(p, q);
    const along = contour.filter((c) => {
      const t = ((c.x - p.x) * (q.x - p.x) + (c.y - p.y) * (q.y - p.y)) / (len * len);
      return t > 0.05 && t < 0.95 && Math.abs(rough[0] * c.x + rough[1] * c.y + rough[2]) <= tolPx;
    });
    const fit = fitLine(along);
    stretches.push({ line: fit && along.length >= 8 ? fit.line : rough, len });
  }
  stretches.sort((a, b) => b.len - a.len);
  const lines: Line[] = [];
  for (const s of stretches) {
    const same = lines.some((m) => {
      const dot = m[0] * s.line[0] + m[1] * s.line[1];
      return Math.abs(dot) > 0.999 && Math.abs(Math.sign(dot) * m[2] - s.line[2]) < 2 * o.nearPx;
    });
    if (!same) lines.push(s.line);
    if (lines.length >= o.maxLines) break;
  }
  if (lines.length < 4) return [];
  // Where the contour runs: a grid of its points, grown by the nearness.
  const r = Math.ceil(o.nearPx);
  const near = new Uint8Array(widthPx * heightPx);
  for (const p of contour) {
    const cx = Math.round(p.x);
    const cy = Math.round(p.y);
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && y >= 0 && x < widthPx && y < heightPx) near[y * widthPx + x] = 1;
      }
    }
  }
  const coverage = (q: readonly Point[]): number => {
    let hit = 0;
    let all = 0;
    for (let i = 0; i < 4; i++) {
      const a = q[i]!;
      const b = q[(i + 1) % 4]!;
      const steps = Math.max(2, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y)));
      for (let k = 0; k < steps; k++) {
        const x = Math.round(a.x + ((b.x - a.x) * k) / steps);
        const y = Math.round(a.y + ((b.y - a.y) * k) / steps);
        all++;
        if (x >= 0 && y >= 0 && x < widthPx && y < heightPx && near[y * widthPx + x]) hit++;
      }
    }
    return hit / all;
  };
  const m = lines.length;
  const kept: Point[][] = [];
  while (kept.length < o.maxQuads) {
    let best: Point[] | null = null;
    let bestArea = minArea;
    for (let a = 0; a < m; a++) {
      for (let b = a + 1; b < m; b++) {
        for (let c = b + 1; c < m; c++) {
          for (let d = c + 1; d < m; d++) {
            // The three ways four lines can go round a quad.
            for (const order of [[a, b, c, d], [a, b, d, c], [a, c, b, d]]) {
              const q: Point[] = [];
              for (let k = 0; k < 4; k++) {
                const p = intersect(lines[order[k]!]!, lines[order[(k + 1) % 4]!]!);
                if (!p || p.x < -r || p.y < -r || p.x > widthPx + r || p.y > heightPx + r) break;
                q.push(p);
              }
              if (q.length < 4) continue;
              const area = isConvex(q) ? Math.abs(polygonArea(q)) : 0;
              if (area <= bestArea) continue;
              if (kept.some((k) => overlapping(k, q))) continue;
              if (coverage(q) >= o.minCoverage) {
                best = q;
                bestArea = area;
              }
            }
          }
        }
      }
    }
    if (!best) break;
    kept.push(best);
  }
  return kept;
}
