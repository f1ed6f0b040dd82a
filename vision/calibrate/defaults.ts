import type { GreyChannel } from '../image/channel-grey.ts';

/** Tunables of automatic calibration, in one place. */
export const CALIBRATE_DEFAULTS = {
  /** Width the coarse search works at (ellipse finding). */
  coarseWidthPx: 640,
  /** Canny thresholds for the coarse search. */
  cannyLow: 40,
  cannyHigh: 120,
  /** Contours with fewer points are ignored in the coarse search. */
  minContourPoints: 60,
  /** A contour no ellipse fits is cut into arcs where it turns by more than this between chords of this many points (an arm across the board's edge meets it at a corner; a ring at the coarse scale turns by 3-10 degrees over such a chord). */
  arcCornerStepPx: 6,
  arcCornerMinTurnDeg: 40,
  /**
   * Largest round shapes tried one at a time first: painted rings looked for along rays from
   * each, and a quick fit taken if it is sure (every round shape, and every guess, when none is).
   */
  ringSearchSeeds: 3,
  /** Every how many-th round sample ranks the first guesses (ranking needs no precision). */
  guessSampleStride: 3,
  /** Round fits taken on to the full fit and its checks, best aligned first, until one passes. */
  finishTries: 3,
  /** Ellipse candidates tried, largest first. */
  maxEllipseCandidates: 6,
  /** Search ranges (pixels at full resolution) of the passes on the round markings, then on all. */
  roundRangesPx: [6, 4],
  /** Passes for the rougher single-ellipse guesses, when no concentric guess fits. */
  wideRoundRangesPx: [12, 8, 5, 3],
  /** (The full fit's first, wider pass brings back a fit that a blurred line left a degree or so turned.) */
  fullRangesPx: [4, 3, 2, 1.5],
  /** Least response (grey levels) for an edge sample to count as found. */
  minEdgeResponse: 4,
  /** Residuals beyond this many robust sigmas are dropped. */
  outlierSigmas: 3,
  /** Rotation search step for boards with rotational symmetry. */
  rotationStepDeg: 1,
  /** Fit the lens' k1 when the edges span this fraction of the image diagonal. */
  lensFitMinSpan: 0.4,
  /** Below this tilt the focal length cannot be told from perspective: use the prior. */
  minTiltForFocalDeg: 8,
  /** Horizontal field of view assumed when the focal length cannot be measured (typical webcam). */
  priorHorizontalFovDeg: 65,
  /** A fit worse than this is "board not found". */
  maxRmsErrorPx: 2.5,
  /** A wrong fit of a ringed board (a ring taken for another) still finds about half its edges. */
  minInlierFraction: 0.55,
  /** Each painted ring needs this share of its samples found. */
  minRingCoverage: 0.45,
  /**
   * ... not counting samples whose image is this bright on both sides (clipped in a glare, where
   * no ring can show; Infinity: count all). A ring clipped all but this share is not judged:
   * the other rings, and the edges found, hold the fit.
   */
  ringClippedLevel: 245,
  ringMinUnclippedShare: 0.25,
  /**
   * A round board not found is fitted once more with a painted line too faint at its own width
   * looked for again this wide (px; 0: never): a blurred image spreads a thin ring into a dip
   * several pixels wide. Every board found without it stays as it was.
   */
  faintRingWidthPx: 3,
  /**
   * A board not found in luma is looked for again in each of these greys in turn (see
   * calibrate-frame.ts; empty: never): a board of about the table's light but another hue has
   * faint edges in luma. A fit found so stands only when the fit in another of them agrees...
   */
  colourRetryChannels: ['red', 'blue', 'green', 'red-blue'] as readonly GreyChannel[],
  /** ... within this (px, the surface's corners or rim points as the two put them)... */
  colourRetryAgreementPx: 3,
  /** ... and one of the two found at least this share of the board's edges. */
  colourRetryMinInliers: 0.75,
};

export type CalibrateOptions = typeof CALIBRATE_DEFAULTS;
