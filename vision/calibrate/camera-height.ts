/**
 * A camera's height set by a person (a club measures its fixed camera once). Looking almost
 * straight down, the board's perspective cannot tell the focal length from the distance, and
 * the parallax corrections (one over the camera's height) were those of a typical webcam's;
 * with the height given they are the camera's own. A tilted camera's perspective measures its
 * focal length (to a few percent on the benchmark's boards), and only one focal length fits the
 * board as seen: there the height set is only checked against it.
 */
import { cameraEstimateOf, estimatePoseAtHeight } from './camera-pose.ts';
import type { Calibration } from './types.ts';

/** A height set further than this fraction from the one measured is worth a person's look (a height taken to the camera's top, say). */
export const CAMERA_HEIGHT_WARN_FRACTION = 0.15;

export interface CameraHeightResult {
  /**
   * The calibration with its camera at the height set (the homography unchanged); as it was
   * where the perspective measured the camera, or no camera at that height sees the board so.
   */
  calibration: Calibration;
  /** What a person should know: the height could not be used, or the perspective disagrees with it. */
  warnings: string[];
}

export function withCameraHeight(calibration: Calibration, heightMm: number): CameraHeightResult {
  const cam = calibration.camera;
  const setMm = Math.round(heightMm);
  if (cam.focalFromPerspective) {
    const far = Math.abs(heightMm - cam.centreZMm) > CAMERA_HEIGHT_WARN_FRACTION * cam.centreZMm;
    return { calibration, warnings: far ? [`the board's perspective puts the camera ${Math.round(cam.centreZMm)} mm above the board, not the ${setMm} mm set: parallax corrections use the perspective's, check the height set`] : [] };
  }
  const pose = estimatePoseAtHeight(calibration, heightMm, cam.focalPx);
  if (!pose) return { calibration, warnings: [`camera height ${setMm} mm not used: no camera that high with a lens of plausible focal length sees the board as it is seen`] };
  return { calibration: { ...calibration, camera: cameraEstimateOf(pose) }, warnings: [] };
}
