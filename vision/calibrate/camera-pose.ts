/**
 * Camera pose from the board-to-image homography (square pixels, principal point at the image
 * centre). The focal length follows from the perspective when the camera is tilted; looking
 * almost straight down it cannot be told apart from distance, and a webcam prior is used.
 */
import type { CameraEstimate } from './types.ts';
import { scaledColumnsInto } from './scaled-columns.ts';

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

const poseColumns = new Float64Array(9);

function poseWithFocal(h: readonly number[], f: number, cx: number, cy: number): Omit<Pose, 'focalFromPerspective'> {
  // In scalars (the same operations in the same order as with the columns as arrays): the
  // board scores look up a mapping's camera thousands of times per frame.
  const m = scaledColumnsInto(h, cx, cy, f, poseColumns);
  const a0 = m[0]!;
  const a1 = m[1]!;
  const a2 = m[2]!;
  const b0 = m[3]!;
  const b1 = m[4]!;
  const b2 = m[5]!;
  const c0 = m[6]!;
  const c1 = m[7]!;
  const c2 = m[8]!;
  const n1 = Math.hypot(a0, a1, a2);
  const n2 = Math.hypot(b0, b1, b2);
  let lambda = 2 / (n1 + n2);
  if (c2 * lambda < 0) lambda = -lambda; // the board lies in front of the camera
  let r10 = a0 * lambda;
  let r11 = a1 * lambda;
  let r12 = a2 * lambda;
  let r20 = b0 * lambda;
  let r21 = b1 * lambda;
  let r22 = b2 * lambda;
  // Orthonormalise r1, r2 symmetrically, then r3 = r1 x r2.
  const l1 = Math.hypot(r10, r11, r12);
  r10 /= l1;
  r11 /= l1;
  r12 /= l1;
  const dot = r10 * r20 + r11 * r21 + r12 * r22;
  r20 -= dot * r10;
  r21 -= dot * r11;
  r22 -= dot * r12;
  const l2 = Math.hypot(r20, r21, r22);
  r20 /= l2;
  r21 /= l2;
  r22 /= l2;
  const r30 = r11 * r22 - r12 * r21;
  const r31 = r12 * r20 - r10 * r22;
  const r32 = r10 * r21 - r11 * r20;
  const t: [number, number, number] = [c0 * lambda, c1 * lambda, c2 * lambda];
  const R = [r10, r20, r30, r11, r21, r31, r12, r22, r32];
  // Camera centre C = -R^T t.
  const cX = -(r10 * t[0] + r11 * t[1] + r12 * t[2]);
  const cY = -(r20 * t[0] + r21 * t[1] + r22 * t[2]);
  const cZ = -(r30 * t[0] + r31 * t[1] + r32 * t[2]);
  // Optical axis in board coordinates is R^T (0,0,1): the third row of R.
  const axisZ = r32;
  const tiltDeg = (Math.acos(Math.max(-1, Math.min(1, Math.abs(axisZ)))) * 180) / Math.PI;
  // K r3 / lambda, so that it adds to H's columns in H's own scale.
  const v: [number, number, number] = [(f * r30 + cx * r32) / lambda, (f * r31 + cy * r32) / lambda, r32 / lambda];
  // +z must point towards the camera: flip the vertical if the camera came out below the board.
  const up = cZ >= 0 ? 1 : -1;
  return {
    focalPx: f,
    tiltDeg,
    centreXMm: cX,
    centreYMm: cY,
    centreZMm: Math.abs(cZ),
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

/** Focal lengths tried for a camera height, log-spaced from a fifth of the image width to ten times it. */
const HEIGHT_SEARCH_STEPS = 120;

/**
 * The pose of a camera almost straight above the board at a known height (a person measured
 * it): the focal length is the one that puts the camera there. Seen straight down, the height is
 * the focal length over the board's scale; a slight tilt bends that a little, so the crossing is
 * bracketed on a log grid (the one nearest `nearFocalPx` where there are several) and then
 * halved to a hundredth of a percent. Null when no focal length in the range puts it there.
 */
export function estimatePoseAtHeight(input: Pick<PoseInput, 'boardToImage' | 'widthPx' | 'heightPx'>, heightMm: number, nearFocalPx: number): Pose | null {
  const cx = input.widthPx / 2;
  const cy = input.heightPx / 2;
  const offAt = (logF: number) => poseWithFocal(input.boardToImage, Math.exp(logF), cx, cy).centreZMm - heightMm;
  const first = Math.log(input.widthPx * 0.2);
  const step = Math.log(50) / HEIGHT_SEARCH_STEPS;
  let bracket: [number, number] | null = null;
  let prev = offAt(first);
  for (let i = 1; i <= HEIGHT_SEARCH_STEPS; i++) {
    const logF = first + i * step;
    const off = offAt(logF);
    if (Math.sign(off) !== Math.sign(prev) || off === 0) {
      const near = Math.abs(logF - Math.log(nearFocalPx));
      if (!bracket || near < Math.abs(bracket[1] - Math.log(nearFocalPx))) bracket = [logF - step, logF];
    }
    prev = off;
  }
  if (!bracket) return null;
  let [lo, hi] = bracket;
  const rising = offAt(hi) > offAt(lo);
  while (hi - lo > 1e-4) {
    const mid = (lo + hi) / 2;
    if ((offAt(mid) < 0) === rising) lo = mid;
    else hi = mid;
  }
  return { ...poseWithFocal(input.boardToImage, Math.exp((lo + hi) / 2), cx, cy), focalFromPerspective: false, givenHeightMm: heightMm };
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
    ...(pose.givenHeightMm !== undefined ? { givenHeightMm: pose.givenHeightMm } : {}),
  };
}
