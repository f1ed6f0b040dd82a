/**
 * An empty hole's floor fits a disc's rim as well as a sunk disc does. A dark floor is told by
 * its darkness (see detect.ts) and its shading; a wooden floor (PitRush's pits) by its colour,
 * which is the board's own: a "disc" in a hole coloured like the board round the hole is the floor.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import type { Calibration } from '../calibrate/types.ts';
import { applyHomography } from '../geometry/homography.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import { sampleBilinear, type Frame, type GrayImage } from '../image/frame.ts';
import { surroundColour } from './colour-contrast.ts';
import type { Rgb } from './teams.ts';

export function boardColouredFloor(frame: Frame, boardToImage: readonly number[], lens: LensModel, at: { xMm: number; yMm: number; rgb: Rgb }, holeRadiusMm: number, maxColourDistance: number): boolean {
  // The board round the hole, clear of its rim: the surround is sampled at 1.6 to 1.9 radii.
  const board = surroundColour(frame, boardToImage, lens, at.xMm, at.yMm, holeRadiusMm);
  if (!board) return false;
  return Math.hypot(board[0] - at.rgb[0], board[1] - at.rgb[1], board[2] - at.rgb[2]) < maxColourDistance;
}

/**
 * The hole centred at a point, if it is a cup (the profile gives no depth a disc sinks to:
 * a hole a disc sinks into, crokinole's 20-hole, opens onto a dark floor and keeps that test).
 */
export function cupAt(profile: BoardProfile, xMm: number, yMm: number): { radiusMm: number } | null {
  for (const f of profile.features) if (f.kind === 'hole' && !f.depthMm && Math.hypot(f.xMm - xMm, f.yMm - yMm) < 0.5) return f;
  return null;
}

/**
 * A hole's dark floor, deep below the surface, is lit only through the opening: brighter in
 * the middle than by the wall. A disc lying in the hole has its top face just below the
 * surface, lit evenly like any disc. The middle (to 0.4 of a disc's radius) against the ring
 * from 0.6 to 0.8, both seen at a sunk disc's top: a floor's middle is this many times
 * brighter, a disc's about as bright.
 */
export function shadedFloor(gray: GrayImage, cal: Calibration, profile: BoardProfile, at: { xMm: number; yMm: number }, discRadiusMm: number, minRatio: number): boolean {
  const hole = profile.features.find((f) => f.kind === 'hole' && f.depthMm && Math.hypot(f.xMm - at.xMm, f.yMm - at.yMm) < 0.5);
  if (!hole || hole.kind !== 'hole' || !hole.depthMm) return false;
  const sunkTop = planeAtHeight(cal, (profile.pieces[0]?.heightMm ?? 0) - hole.depthMm);
  const ringMedian = (from: number, to: number) => {
    const v: number[] = [];
    for (let f = from; f <= to + 1e-9; f += 0.1) {
      for (let k = 0; k < 24; k++) {
        const a = (2 * Math.PI * k) / 24;
        const p = applyHomography(sunkTop, hole.xMm + f * discRadiusMm * Math.cos(a), hole.yMm + f * discRadiusMm * Math.sin(a));
        const q = distortPx(cal.lens, p.x, p.y);
        const s = sampleBilinear(gray, q.x, q.y);
        if (Number.isFinite(s)) v.push(s);
      }
    }
    v.sort((x, y) => x - y);
    return v.length ? v[Math.floor(v.length / 2)]! : NaN;
  };
  const middle = ringMedian(0, 0.4);
  const wall = ringMedian(0.6, 0.8);
  return Number.isFinite(middle) && Number.isFinite(wall) && middle > minRatio * Math.max(1, wall);
}
