/**
 * Points of a board a person can find in an image and click, by name, for manual calibration:
 * the playing surface's corners (or a round board's centre), the centres of holes and pockets,
 * and the ends of painted lines. All lie on the surface's plane (pegs, bars and walls stand up
 * from it and would be seen off their place), which is what the manual mapping assumes.
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';

export interface ReferencePoint {
  id: string;
  xMm: number;
  yMm: number;
  /** What a person looks for in the image. */
  what: string;
}

export function referencePoints(profile: BoardProfile): ReferencePoint[] {
  const out: ReferencePoint[] = [];
  const s = profile.surface;
  if (s.shape === 'rect') {
    const corners: [number, number][] = [[s.minXMm, s.minYMm], [s.maxXMm, s.minYMm], [s.maxXMm, s.maxYMm], [s.minXMm, s.maxYMm]];
    corners.forEach(([x, y], i) => out.push({ id: `corner-${i + 1}`, xMm: x, yMm: y, what: 'a corner of the playing surface' }));
  } else out.push({ id: 'centre', xMm: s.xMm, yMm: s.yMm, what: "the centre of the board's surface" });
  for (const h of featuresOfKind(profile, 'hole')) {
    if (s.shape === 'circle' && h.xMm === s.xMm && h.yMm === s.yMm) continue; // the centre already
    out.push({ id: h.id, xMm: h.xMm, yMm: h.yMm, what: "a hole's (pocket's) centre" });
  }
  for (const l of featuresOfKind(profile, 'line')) {
    const what = l.lineWidthMm > 0 ? "an end of a painted line, on the line's middle" : "an end of an edge across the board (a bar's foot, the playing surface's end), at its side";
    // (A line's end at a point already listed, a playing surface's corner, is that point.)
    for (const [k, x, y] of [[1, l.x1Mm, l.y1Mm], [2, l.x2Mm, l.y2Mm]] as const) if (!out.some((p) => Math.hypot(p.xMm - x, p.yMm - y) < 0.5)) out.push({ id: `${l.id}-end-${k}`, xMm: x, yMm: y, what });
  }
  return out;
}
