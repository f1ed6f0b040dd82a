/**
 * Camera pose from the board-to-image homography (square pixels, principal point at the image
 * centre). The focal length follows from the perspective when the camera is tilted; looking
 * almost straight down it cannot be told apart from distance, and a webcam prior is used.
 */
import type { CameraEstimate } from './types.ts';

export interface PoseInput {
  boardToImage: readonly number[];
  widthPx: number;
  heightPx: number;
  minTiltForFocalDeg: number;
  priorHorizontalFovDeg: number;
}

export interface Pose extends CameraEstimate {
  /** Row-major rotation board -> camera, and translation (camera frame, mm). */
  rotation: number[];
  translationMm: [number, number, number];
  /**
   * The vertical's vanishing point, homogeneous, in the scale of the homography: a point at
   * height z over board point (x, y) is seen at boardToImage * (x, y, 1) + z * verticalVanishing.
   */
  verticalVanishing: [number, number, number];
}

function focalFromHomography(h: readonly number[], cx: number, cy: number): number | null {
  // Columns of T^-1 H, with T the shift to the principal point.
  const a = [h[0]! - cx * h[6]!, h[3]! - cy * h[6]!, h[6]!];
  const b = [h[1]! - cx * h[7]!, h[4]! - cy * h[7]!, h[7]!];
  const c1 = a[0]! * b[0]! + a[1]! * b[1]!;
  const d1 = a[2]! * b[2]!;
  const c2 = a[0]! * a[0]! + a[1]! * a[1]! - b[0]! * b[0]! - b[1]! * b[1]!;
  const d2 = a[2]! * a[2]! - b[2]! * b[2]!;
  const u = -(c1 * d1 + c2 * d2) / (c1 * c1 + c2 * c2);
  return u > 0 ? 1 / Math.sqrt(u) : null;
}

function poseWithFocal(h: readonly number[], f: number, cx: number, cy: number): Omit<Pose, 'focalFromPerspective'> {
  const col = (k: number) => [(h[k]! - cx * h[6 + k]!) / f, (h[3 + k]! - cy * h[6 + k]!) / f, h[6 + k]!];
  const m1 = col(0);
  const m2 = col(1);
  const m3 = col(2);
  const n1 = Math.hypot(...m1);
  const n2 = Math.hypot(...m2);
  let lambda = 2 / (n1 + n2);
  if (m3[2]! * lambda < 0) lambda = -lambda; // the board lies in front of the camera
  let r1 = m1.map((v) => v * lambda);
  let r2 = m2.map((v) => v * lambda);
  // Orthonormalise r1, r2 symmetrically, then r3 = r1 x r2.
  const l1 = Math.hypot(...r1);
  r1 = r1.map((v) => v / l1);
  const dot = r1[0]! * r2[0]! + r1[1]! * r2[1]! + r1[2]! * r2[2]!;
  r2 = r2.map((v, i) => v - dot * r1[i]!);
  const l2 = Math.hypot(...r2);
  r2 = r2.map((v) => v / l2);
  const r3 = [r1[1]! * r2[2]! - r1[2]! * r2[1]!, r1[2]! * r2[0]! - r1[0]! * r2[2]!, r1[0]! * r2[1]! - r1[1]! * r2[0]!];
  const t = m3.map((v) => v * lambda) as [number, number, number];
  const R = [r1[0]!, r2[0]!, r3[0]!, r1[1]!, r2[1]!, r3[1]!, r1[2]!, r2[2]!, r3[2]!];
  // Camera centre C = -R^T t.
  const C = [0, 1, 2].map((i) => -(R[i]! * t[0] + R[3 + i]! * t[1] + R[6 + i]! * t[2]));
  // Optical axis in board coordinates is R^T (0,0,1): the third row of R.
  const axisZ = R[8]!;
  const tiltDeg = (Math.acos(Math.max(-1, Math.min(1, Math.abs(axisZ)))) * 180) / Math.PI;
  // K r3 / lambda, so that it adds to H's columns in H's own scale.
  const v: [number, number, number] = [(f * r3[0]! + cx * r3[2]!) / lambda, (f * r3[1]! + cy * r3[2]!) / lambda, r3[2]! / lambda];
  // +z must point towards the camera: flip the vertical if the camera came out below the board.
  const up = C[2]! >= 0 ? 1 : -1;
  return {
    focalPx: f,
    tiltDeg,
    centreXMm: C[0]!,
    centreYMm: C[1]!,
    centreZMm: Math.abs(C[2]!),
    rotation: R,
    translationMm: t,
    verticalVanishing: [v[0] * up, v[1] * up, v[2] * up],
  };
}

export function estimatePose(input: PoseInput): Pose {
  const cx = input.widthPx / 2;
  const cy = input.heightPx / 2;
  const prior = input.widthPx / 2 / Math.tan(((input.priorHorizontalFovDeg / 2) * Math.PI) / 180);
  const measured = focalFromHomography(input.boardToImage, cx, cy);
  if (measured && measured > input.widthPx * 0.2 && measured < input.widthPx * 10) {
    const pose = poseWithFocal(input.boardToImage, measured, cx, cy);
    if (pose.tiltDeg >= input.minTiltForFocalDeg) return { ...pose, focalFromPerspective: true };
  }
  return { ...poseWithFocal(input.boardToImage, prior, cx, cy), focalFromPerspective: false };
}

/** The camera part of a calibration, from a pose. */
export function cameraEstimateOf(pose: Pose): CameraEstimate {
  return {
    focalPx: pose.focalPx,
    focalFromPerspective: pose.focalFromPerspective,
    tiltDeg: pose.tiltDeg,
    centreXMm: pose.centreXMm,
    centreYMm: pose.centreYMm,
    centreZMm: pose.centreZMm,
    verticalVanishing: pose.verticalVanishing,
  };
}
