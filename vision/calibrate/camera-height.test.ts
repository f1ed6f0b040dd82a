import { describe, expect, it } from 'vitest';
import { applyHomography } from '../geometry/homography.ts';
import { withCameraHeight } from './camera-height.ts';
import { estimatePose } from './camera-pose.ts';
import { CALIBRATE_DEFAULTS } from './defaults.ts';
import { planeAtHeight } from './plane-at-height.ts';
import { cameraLookingDown, exactCalibration } from './test-views.ts';
import type { Calibration } from './types.ts';

const image = { widthPx: 1920, heightPx: 1080 };

/** The calibration as found from the board's markings: the exact homography, the pose estimated from it. */
function asFound(view: { distanceMm: number; tiltDeg: number; focalPx: number; xMm?: number }): { found: Calibration; exact: Calibration } {
  const cam = cameraLookingDown({ xMm: view.xMm ?? 0, yMm: 0, distanceMm: view.distanceMm, tiltDeg: view.tiltDeg, turnDeg: 10, focalPx: view.focalPx, ...image });
  const exact = exactCalibration(cam, image, 'crokinole-nca-26in', 1.5);
  const pose = estimatePose({ boardToImage: exact.boardToImage, ...image, minTiltForFocalDeg: CALIBRATE_DEFAULTS.minTiltForFocalDeg, priorHorizontalFovDeg: CALIBRATE_DEFAULTS.priorHorizontalFovDeg });
  const { rotation: _r, translationMm: _t, ...camera } = pose;
  return { found: { ...exact, camera }, exact };
}

/** Where a point at a disc's height over board (x, y) is seen, in image pixels. */
function seenTop(cal: Calibration, xMm: number, yMm: number, heightMm: number) {
  return applyHomography(planeAtHeight(cal, heightMm), xMm, yMm);
}

describe('a camera height set by a person', () => {
  it('gives a camera straight above its own focal length, which its perspective cannot show', () => {
    // 900 mm up with a long lens (2400 px at 1080p): the webcam prior takes it for 1507 px, 565 mm up.
    const { found, exact } = asFound({ distanceMm: 900, tiltDeg: 0.5, focalPx: 2400 });
    expect(found.camera.focalFromPerspective).toBe(false);
    expect(found.camera.focalPx).toBeLessThan(1600);
    const placed = withCameraHeight(found, exact.camera.centreZMm);
    expect(placed.warnings).toEqual([]);
    const cam = placed.calibration.camera;
    expect(cam.givenHeightMm).toBe(exact.camera.centreZMm);
    expect(cam.centreZMm).toBeCloseTo(exact.camera.centreZMm, 0);
    expect(Math.abs(cam.focalPx / 2400 - 1)).toBeLessThan(0.001);
    // A disc's top face 9.5 mm up at the board's edge is seen where the camera sees it (to a
    // hundredth of a pixel); with the assumed lens it was put almost 3 px off.
    for (const [x, y] of [[300, 0], [0, -300], [-212, 212]] as const) {
      const truth = seenTop(exact, x, y, 9.5);
      const now = seenTop(placed.calibration, x, y, 9.5);
      const before = seenTop(found, x, y, 9.5);
      expect(Math.hypot(now.x - truth.x, now.y - truth.y)).toBeLessThan(0.01);
      expect(Math.hypot(before.x - truth.x, before.y - truth.y)).toBeGreaterThan(2.5);
    }
    // The homography, and with it every call on the board's plane, is unchanged.
    expect(placed.calibration.boardToImage).toEqual(found.boardToImage);
  });

  it('finds a slightly tilted camera\'s focal length too', () => {
    const { found, exact } = asFound({ distanceMm: 1100, tiltDeg: 6, focalPx: 1200, xMm: 80 });
    expect(found.camera.focalFromPerspective).toBe(false);
    const placed = withCameraHeight(found, exact.camera.centreZMm);
    expect(Math.abs(placed.calibration.camera.focalPx / 1200 - 1)).toBeLessThan(0.001);
    const truth = seenTop(exact, 250, 100, 9.5);
    const now = seenTop(placed.calibration, 250, 100, 9.5);
    expect(Math.hypot(now.x - truth.x, now.y - truth.y)).toBeLessThan(0.01);
  });

  it('is only checked against a tilted camera\'s perspective, which measures it', () => {
    const { found, exact } = asFound({ distanceMm: 1000, tiltDeg: 20, focalPx: 1700, xMm: 150 });
    expect(found.camera.focalFromPerspective).toBe(true);
    expect(found.camera.centreZMm).toBeCloseTo(exact.camera.centreZMm, 0);
    const h = exact.camera.centreZMm;
    // Within 15% of what the perspective measured: nothing to say.
    for (const set of [h, h * 1.14, h * 0.87]) expect(withCameraHeight(found, set)).toEqual({ calibration: found, warnings: [] });
    // Further off: a warning that names both heights.
    for (const set of [h * 1.16, h * 0.8]) {
      const placed = withCameraHeight(found, set);
      expect(placed.calibration).toBe(found);
      expect(placed.warnings).toEqual([`the board's perspective puts the camera ${Math.round(h)} mm above the board, not the ${Math.round(set)} mm set: parallax corrections use the perspective's, check the height set`]);
    }
  });

  it('is refused, with the calibration as it was, where no plausible lens puts the camera there', () => {
    const { found } = asFound({ distanceMm: 900, tiltDeg: 0.5, focalPx: 2400 });
    // The board fills 1.5 px a mm: a camera 30 mm up would need a lens 1/40 of the image wide.
    for (const set of [30, 60_000]) {
      const placed = withCameraHeight(found, set);
      expect(placed.calibration).toBe(found);
      expect(placed.warnings).toHaveLength(1);
      expect(placed.warnings[0]).toContain(`camera height ${set} mm not used`);
    }
  });
});
