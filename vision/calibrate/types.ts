import type { LensModel } from '../geometry/lens.ts';
import type { GreyChannel } from '../image/channel-grey.ts';

export interface CameraEstimate {
  /** Focal length in pixels (square pixels, principal point at the image centre assumed). */
  focalPx: number;
  /** True when the focal length came from the board's perspective; false: a webcam prior. */
  focalFromPerspective: boolean;
  /**
   * The camera's height above the board as a person set it (mm), the focal length solved from
   * it; absent when the height was estimated (from the perspective or a typical webcam lens).
   */
  givenHeightMm?: number;
  /** Angle between the optical axis and straight down. */
  tiltDeg: number;
  /** Camera centre in board millimetres (z: height above the board plane). */
  centreXMm: number;
  centreYMm: number;
  centreZMm: number;
  /** Vertical vanishing point (homogeneous, in boardToImage's scale): see `planeAtHeight`. */
  verticalVanishing: [number, number, number];
}

export interface Calibration {
  found: true;
  method: 'auto' | 'manual' | 'markers';
  /** Board millimetres to ideal (undistorted) image pixels, row-major. */
  boardToImage: number[];
  /** Ideal image pixels to board millimetres, row-major (the CLI's `imageToBoard`). */
  imageToBoard: number[];
  lens: LensModel;
  camera: CameraEstimate;
  /** RMS distance between the model's edges and the edges found, in pixels. */
  rmsErrorPx: number;
  /** Fraction of model edge samples that found their edge. */
  inlierFraction: number;
  /** Board scale near the centre: image pixels per board millimetre. */
  pxPerMm: number;
  widthPx: number;
  heightPx: number;
  profileId: string;
  /** The grey the board's edges were found in (see calibrate-frame.ts); absent: luma. */
  grey?: GreyChannel;
}

export interface CalibrationFailure {
  found: false;
  reason: string;
}

export type CalibrationResult = Calibration | CalibrationFailure;
