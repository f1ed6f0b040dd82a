/**
 * Pegs beside a disc, as the circles its fit must not take edges from. A peg stands taller than
 * a disc: the camera sees its side and top displaced by parallax, so it is given where its foot,
 * middle and top appear both on the board plane (a disc's footprint) and on the plane of a
 * disc's top face (its top rim).
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography, invert3 } from '../geometry/homography.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import type { Calibration } from '../calibrate/types.ts';

export interface NeighbourCircle {
  xMm: number;
  yMm: number;
  radiusMm: number;
}

/** Each peg of the profile as neighbour circles (see above); empty on boards without pegs. */
export function pegNeighbourCircles(profile: BoardProfile, cal: Pick<Calibration, 'boardToImage' | 'camera'>, pieceHeightMm: number, marginMm: number): (NeighbourCircle & { pegXMm: number; pegYMm: number })[] {
  const pegs = featuresOfKind(profile, 'peg');
  if (pegs.length === 0) return [];
  const toBoard = invert3(cal.boardToImage);
  const toTop = invert3(planeAtHeight(cal, pieceHeightMm));
  const out: (NeighbourCircle & { pegXMm: number; pegYMm: number })[] = [];
  for (const p of pegs) {
    for (const z of [0, p.heightMm / 2, p.heightMm]) {
      const seen = applyHomography(planeAtHeight(cal, z), p.xMm, p.yMm);
      for (const back of [toBoard, toTop]) {
        if (!back) continue;
        const at = applyHomography(back, seen.x, seen.y);
        out.push({ xMm: at.x, yMm: at.y, radiusMm: p.radiusMm + marginMm, pegXMm: p.xMm, pegYMm: p.yMm });
      }
    }
  }
  return out;
}
