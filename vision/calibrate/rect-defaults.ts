/**
 * Tunables of the automatic calibration of boards that are not concentric rings (mats, table
 * shuffleboard, carrom, sjoelbak, Sling, PitRush), on top of CALIBRATE_DEFAULTS.
 */
export const RECT_CALIBRATE_DEFAULTS = {
  /** Width the quadrilateral search works at. */
  quadWidthPx: 640,
  /** Canny thresholds of the quadrilateral search. */
  quadCannyLow: 30,
  quadCannyHigh: 90,
  /** Least area of a board quadrilateral, as a share of the image. */
  minQuadAreaFraction: 0.01,
  maxQuadCandidates: 6,
  /** Dilate the edges before following contours (closes small gaps, merges close edges). */
  quadDilate: true,
  /** Sides that stay this far from straight lines (rms, ideal pixels) are not a board's outline. */
  maxQuadStraightnessPx: 2.5,
  /**
   * Range (px) over which a guess's surface sides are moved onto the nearest strong straight
   * edge: this share of the square root of the quad's area, within the bounds.
   */
  snapRangeFraction: 0.05,
  snapMinRangePx: 6,
  snapMaxRangePx: 40,
  /** Range of k1 the plumb-line estimate from a quad's sides searches. */
  lensK1RangeQuad: [-0.4, 0.16] as [number, number],
  /** A guess that stretches the board more than this (singular value ratio) is no camera's view. */
  maxAnisotropy: 1.7,
  /** Edge samples along the board (spacing widened on large boards to keep at most the maximum). */
  rectSampleSpacingMm: 6,
  rectMaxSamples: 900,
  /** Samples and search range (px) of the quick score that ranks the guesses. */
  rectScoreSamples: 240,
  rectScoreRangePx: 1.5,
  /** Guesses given a first fit to all edges (on `rectCoarseSamples` of them). */
  rectRefineCandidates: 3,
  rectCoarseSamples: 300,
  /** Search ranges (px) of the first passes from a quad's guess, before `fullRangesPx`. */
  rectRangesPx: [5, 3.5],
  /**
   * A wall's or block's foot is left out when the camera stands behind its face by more than
   * this share of the board's half-diagonal (its top edge then hides the foot).
   */
  faceMarginFraction: -0.03,
  /**
   * A side of the surface seen from behind whatever stands beyond it is a hidden wall's foot
   * when fewer than this share of its samples find an edge within the range, or their median
   * lies farther than the offset from where the fit puts them.
   */
  wallTestRangePx: 3,
  wallTestMinFound: 0.6,
  wallTestMaxOffsetPx: 0.6,
};

export type RectCalibrateOptions = typeof RECT_CALIBRATE_DEFAULTS;
