import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { Frame } from '../image/frame.ts';

export interface HandInput {
  frame: Frame;
  calibration: Calibration;
  profile: BoardProfile;
  /** Discs found on the board (footprints): one lying at the board's edge covers the loops inside it, and is no arm. */
  discs?: readonly { xMm: number; yMm: number; radiusMm: number }[];
}

/** Where something crosses the board's outline. */
export interface OutlineCrossing {
  /** Middle of the crossing on the outline, board mm. */
  xMm: number;
  yMm: number;
  /** Its width (mm): along the outline, or across itself where it crosses the outline at a slant. */
  widthMm: number;
}

export interface HandResult {
  /** An arm reaches over the board: no call from this image. */
  handOverBoard: boolean;
  crossings: OutlineCrossing[];
}
