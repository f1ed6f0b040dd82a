/**
 * Marker corners refined from the marker's four straight sides rather than from the corners
 * themselves: along each side the black-to-white edge is found where the brightness crosses
 * halfway between the black border and the white margin (a point a symmetric blur, defocus
 * or motion, does not move), a line is fitted to those points, and each corner is where two
 * sides meet. A corner window, by contrast, is pulled into the black under blur.
 */
import { sampleBilinear, type GrayImage } from '../../image/frame.ts';

export const CORNER_REFINE_DEFAULTS = {
  /** Part of each side sampled (corners left out: the other side's edge is there). */
  sideFrom: 0.2,
  sideTo: 0.8,
  /** Edge points per side (at most one per pixel of side). */
  pointsPerSide: 16,
  /** How far across the edge the profile reaches, as a share of a cell, and at most (px). */
  reachCells: 0.9,
  maxReachPx: 12,
  stepPx: 0.25,
  /** Least brightness step between the black border and the white margin. */
  minContrast: 25,
  /** Edge points further than this from their side's line are dropped before the refit. */
  maxOffLinePx: 0.6,
};

export type CornerRefineOptions = typeof CORNER_REFINE_DEFAULTS;

interface Line {
  /** A point on the line and its unit direction. */
  x: number;
  y: number;
  dx: number;
  dy: number;
}

/** Total least squares line through points. */
function fitLine(pts: readonly { x: number; y: number }[]): Line | null {
  if (pts.length < 3) return null;
  const n = pts.length;
  const mx = pts.reduce((s, p) => s + p.x, 0) / n;
  const my = pts.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0, sxy = 0, syy = 0;
  for (const p of pts) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { x: mx, y: my, dx: Math.cos(angle), dy: Math.sin(angle) };
}

function intersect(a: Line, b: Line): { x: number; y: number } | null {
  const det = a.dx * -b.dy - a.dy * -b.dx;
  if (Math.abs(det) < 1e-9) return null;
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  const t = (rx * -b.dy - ry * -b.dx) / det;
  return { x: a.x + t * a.dx, y: a.y + t * a.dy };
}

/** Where the profile across the edge at (x, y), outward normal (nx, ny), crosses halfway. */
function edgeOffset(gray: GrayImage, x: number, y: number, nx: number, ny: number, reachPx: number, o: CornerRefineOptions): number | null {
  const n = Math.round(reachPx / o.stepPx);
  const prof = new Float64Array(2 * n + 1);
  for (let i = -n; i <= n; i++) {
    const v = sampleBilinear(gray, x + nx * i * o.stepPx, y + ny * i * o.stepPx);
    if (Number.isNaN(v)) return null;
    prof[i + n] = v;
  }
  // The steepest rise is the border's edge (inside: the black border; outside: the white
  // margin, which under blur may never reach its full white, and beyond it the table).
  let steepest = -1;
  let best = -Infinity;
  for (let i = 1; i < 2 * n; i++) {
    const g = prof[i + 1]! - prof[i - 1]!;
    if (g > best) {
      best = g;
      steepest = i;
    }
  }
  // Darkest before it and brightest after it: the two levels the edge runs between.
  let lo = steepest;
  for (let i = steepest; i >= 0; i--) if (prof[i]! < prof[lo]!) lo = i;
  let hi = steepest;
  for (let i = steepest; i <= 2 * n; i++) if (prof[i]! > prof[hi]!) hi = i;
  if (prof[hi]! - prof[lo]! < o.minContrast) return null;
  const half = (prof[lo]! + prof[hi]!) / 2;
  // The crossing of the halfway level nearest the steepest rise, between the two.
  for (let d = 0; d <= hi - lo; d++) {
    for (const i of [steepest - d, steepest + d]) {
      if (i < lo || i >= hi) continue;
      const a = prof[i]!;
      const b = prof[i + 1]!;
      if (a <= half && b > half) return (i + (half - a) / (b - a) - n) * o.stepPx;
    }
  }
  return null;
}

/**
 * Corners (ArUco order) refined on the sides; null when a side cannot be followed (the
 * detector's corners are then kept). `cellsPerSide` counts the black border's cells too.
 */
export function refineMarkerCorners(gray: GrayImage, corners: readonly { x: number; y: number }[], cellsPerSide: number, options: Partial<CornerRefineOptions> = {}): { x: number; y: number }[] | null {
  const o = { ...CORNER_REFINE_DEFAULTS, ...options };
  const cx = corners.reduce((s, p) => s + p.x, 0) / 4;
  const cy = corners.reduce((s, p) => s + p.y, 0) / 4;
  const lines: Line[] = [];
  for (let k = 0; k < 4; k++) {
    const a = corners[k]!;
    const b = corners[(k + 1) % 4]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (!(len > 4)) return null;
    const dx = (b.x - a.x) / len;
    const dy = (b.y - a.y) / len;
    // Outward normal: away from the marker's middle.
    let nx = -dy;
    let ny = dx;
    if (nx * ((a.x + b.x) / 2 - cx) + ny * ((a.y + b.y) / 2 - cy) < 0) {
      nx = -nx;
      ny = -ny;
    }
    const reachPx = Math.min(o.maxReachPx, (o.reachCells * len) / cellsPerSide);
    const count = Math.max(3, Math.min(o.pointsPerSide, Math.floor(len * (o.sideTo - o.sideFrom))));
    const pts: { x: number; y: number }[] = [];
    for (let i = 0; i < count; i++) {
      const t = o.sideFrom + ((o.sideTo - o.sideFrom) * (i + 0.5)) / count;
      const px = a.x + (b.x - a.x) * t;
      const py = a.y + (b.y - a.y) * t;
      const off = edgeOffset(gray, px, py, nx, ny, reachPx, o);
      if (off !== null) pts.push({ x: px + nx * off, y: py + ny * off });
    }
    let line = fitLine(pts);
    if (!line) return null;
    const l0 = line;
    const near = pts.filter((p) => Math.abs((p.x - l0.x) * -l0.dy + (p.y - l0.y) * l0.dx) <= o.maxOffLinePx);
    if (near.length >= Math.max(3, pts.length / 2)) line = fitLine(near) ?? line;
    lines.push(line);
  }
  const out: { x: number; y: number }[] = [];
  // Corner k is where side k-1 (into it) meets side k (out of it).
  for (let k = 0; k < 4; k++) {
    const p = intersect(lines[(k + 3) % 4]!, lines[k]!);
    if (!p || Math.hypot(p.x - corners[k]!.x, p.y - corners[k]!.y) > o.maxReachPx) return null;
    out.push(p);
  }
  return out;
}
