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

/** How unevenly lit a face must be to be a hole's floor, not a disc's top (see shadedFloor). */
export interface FloorShading {
  /** The middle (to 0.4 of a disc's radius) this many times brighter than the ring from 0.6 to 0.8... */
  minShadeRatio: number;
  /** ... or the median greys of FLOOR_RINGS spread by this share of their mean. */
  minRingSpread: number;
}

/**
 * A hole's dark floor, deep below the surface, is lit only through the opening: brighter in
 * the middle than by the wall, or lit unevenly from ring to ring where the light comes in
 * aslant. A disc lying in the hole has its top face just below the surface, lit evenly like any
 * disc. Both are seen at a sunk disc's top.
 */
export function shadedFloor(gray: GrayImage, cal: Calibration, profile: BoardProfile, at: { xMm: number; yMm: number }, discRadiusMm: number, o: FloorShading): boolean {
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
  if (!Number.isFinite(middle) || !Number.isFinite(wall)) return false;
  if (middle > o.minShadeRatio * Math.max(1, wall)) return true;
  const rings = FLOOR_RINGS.map(([from, to]) => ringMedian(from, to));
  return rings.every(Number.isFinite) && ringSpread(rings) > o.minRingSpread;
}

/** The rings (in a disc's radii from a hole's centre) whose median greys tell an unevenly lit floor from a disc's top. */
export const FLOOR_RINGS: readonly (readonly [number, number])[] = [
  [0, 0.3],
  [0.3, 0.5],
  [0.5, 0.7],
  [0.7, 0.85],
];

/** How far apart rings' median greys are, as a share of their mean (NaN rings, unseen, left out). */
export function ringSpread(medians: readonly number[]): number {
  const seen = medians.filter(Number.isFinite);
  if (seen.length < 2) return 0;
  const mean = seen.reduce((a, b) => a + b, 0) / seen.length;
  return (Math.max(...seen) - Math.min(...seen)) / Math.max(1, mean);
}
