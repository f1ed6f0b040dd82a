/**
 * For tests: crokinole's hole painted straight in board millimetres and seen from 600 mm straight
 * above, the board's wood round it, what lies in it, and a disc lying over its rim.
 */
import { cameraLookingDown, exactCalibration } from '../calibrate/test-views.ts';
import { applyHomography } from '../geometry/homography.ts';
import type { Frame } from '../image/frame.ts';
import type { Rgb } from './teams.ts';

const SIZE_PX = 640;

export const HOLE_VIEW = exactCalibration(cameraLookingDown({ xMm: 0, yMm: 0, distanceMm: 600, tiltDeg: 0, turnDeg: 0, focalPx: 1200, widthPx: SIZE_PX, heightPx: SIZE_PX }), { widthPx: SIZE_PX, heightPx: SIZE_PX }, 'crokinole-nca-26in', 2);
export const HOLE = { xMm: 0, yMm: 0, radiusMm: 17.465 };
export const DISC_RADIUS_MM = 15.875;
export const WOOD: Rgb = [216, 178, 122];

export interface PaintedHole {
  /** What fills the hole (a disc's top face, or the floor), or its colour at a distance (mm) from the hole's centre. */
  inHole: Rgb | ((rhoMm: number) => Rgb);
  /** A disc lying over the hole's rim: its centre's distance from the hole's centre (along x) and its colour. */
  leaning?: { offsetMm: number; colour: Rgb };
}

export function paintHole(scene: PaintedHole): Frame {
  const data = new Uint8ClampedArray(SIZE_PX * SIZE_PX * 4);
  for (let y = 0; y < SIZE_PX; y++) {
    for (let x = 0; x < SIZE_PX; x++) {
      const b = applyHomography(HOLE_VIEW.imageToBoard, x, y);
      const rho = Math.hypot(b.x, b.y);
      let c = rho < HOLE.radiusMm ? (typeof scene.inHole === 'function' ? scene.inHole(rho) : scene.inHole) : WOOD;
      if (scene.leaning && Math.hypot(b.x - scene.leaning.offsetMm, b.y) < DISC_RADIUS_MM) c = scene.leaning.colour;
      data.set([...c, 255], (y * SIZE_PX + x) * 4);
    }
  }
  return { data, widthPx: SIZE_PX, heightPx: SIZE_PX, timestampMs: 0 };
}
