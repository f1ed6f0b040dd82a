/**
 * A small synthetic camera view of a flat board for tests: each pixel is traced back to the
 * board plane through a pinhole camera and lens, and shaded by a function of board
 * millimetres (supersampled, so edges are antialiased).
 */
import { invert3 } from '../geometry/homography.ts';
import { noLens, undistortPx, type LensModel } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import { cameraCentreMm, cameraHomography, type PinholeCamera } from './camera-model.ts';
import type { Calibration } from './types.ts';

/** A camera `distanceMm` above (xMm, yMm), tilted by `tiltDeg` about the board's x axis and turned by `turnDeg` about the vertical. */
export function cameraLookingDown(o: { xMm: number; yMm: number; distanceMm: number; tiltDeg: number; turnDeg: number; focalPx: number; widthPx: number; heightPx: number }): PinholeCamera {
  const t = (o.tiltDeg * Math.PI) / 180;
  const u = (o.turnDeg * Math.PI) / 180;
  // Board -> camera: turn about z, flip to look down (image y down), then tilt about the camera's x.
  const turn = [Math.cos(u), -Math.sin(u), 0, Math.sin(u), Math.cos(u), 0, 0, 0, 1];
  const down = [1, 0, 0, 0, -1, 0, 0, 0, -1];
  const tilt = [1, 0, 0, 0, Math.cos(t), -Math.sin(t), 0, Math.sin(t), Math.cos(t)];
  const m = (a: number[], b: number[]) => [0, 1, 2].flatMap((i) => [0, 1, 2].map((j) => a[3 * i]! * b[j]! + a[3 * i + 1]! * b[3 + j]! + a[3 * i + 2]! * b[6 + j]!));
  const R = m(tilt, m(down, turn));
  // The board point (x, y) lies straight ahead at the given distance.
  const t0: [number, number, number] = [0, 0, o.distanceMm];
  const rx = R[0]! * o.xMm + R[1]! * o.yMm;
  const ry = R[3]! * o.xMm + R[4]! * o.yMm;
  const rz = R[6]! * o.xMm + R[7]! * o.yMm;
  return { rotation: R, translationMm: [t0[0] - rx, t0[1] - ry, t0[2] - rz], focalPx: o.focalPx, centreXPx: o.widthPx / 2, centreYPx: o.heightPx / 2 };
}

/** Render the board as seen by the camera through the lens. */
export function renderView(camera: PinholeCamera, lens: LensModel, widthPx: number, heightPx: number, shade: (xMm: number, yMm: number) => number): GrayImage {
  const inv = invert3(cameraHomography(camera))!;
  const data = new Float32Array(widthPx * heightPx);
  const sub = [-0.25, 0.25];
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      let s = 0;
      for (const dy of sub) {
        for (const dx of sub) {
          const p = undistortPx(lens, x + dx, y + dy);
          const w = inv[6]! * p.x + inv[7]! * p.y + inv[8]!;
          s += shade((inv[0]! * p.x + inv[1]! * p.y + inv[2]!) / w, (inv[3]! * p.x + inv[4]! * p.y + inv[5]!) / w);
        }
      }
      data[y * widthPx + x] = s / 4;
    }
  }
  return { data, widthPx, heightPx };
}

/** The calibration a camera with no lens distortion gives exactly (a found board, its true pose). */
export function exactCalibration(cam: PinholeCamera, image: { widthPx: number; heightPx: number }, profileId: string, pxPerMm: number): Calibration {
  const h = cameraHomography(cam);
  const c = cameraCentreMm(cam);
  const R = cam.rotation;
  const t2 = cam.translationMm[2];
  return {
    found: true,
    method: 'auto',
    boardToImage: h,
    imageToBoard: invert3(h)!,
    lens: noLens(image.widthPx, image.heightPx),
    camera: {
      focalPx: cam.focalPx,
      focalFromPerspective: true,
      tiltDeg: 0,
      centreXMm: c.xMm,
      centreYMm: c.yMm,
      centreZMm: c.zMm,
      verticalVanishing: [(cam.focalPx * R[2]! + cam.centreXPx * R[8]!) / t2, (cam.focalPx * R[5]! + cam.centreYPx * R[8]!) / t2, R[8]! / t2],
    },
    rmsErrorPx: 0.2,
    inlierFraction: 1,
    pxPerMm,
    widthPx: image.widthPx,
    heightPx: image.heightPx,
    profileId,
  };
}
