/**
 * Tunables of the automatic calibration of boards that are not concentric rings (mats, table
 * shuffleboard, carrom, sjoelbak, Sling, PitRush), on top of CALIBRATE_DEFAULTS.
 */
import type { JoinOptions } from './joined-quads.ts';
import type { SideConsensus } from './coarse-quads.ts';

export const RECT_CALIBRATE_DEFAULTS = {
  /** Width the quadrilateral search works at. */
  quadWidthPx: 640,
  /** Canny thresholds of the quadrilateral search. */
  quadCannyLow: 30,
  quadCannyHigh: 90,
  /**
   * A board not found from either look is looked for again from the quads of fainter edges,
   * the Canny thresholds times each of these in turn. The quad search itself takes fainter
   * edges only when the usual ones give fewer than two quads, and a board's markings or an arm
   * over it often give them: on 40 scenes of each rectangular board this found five boards
   * more (a pale mat on a pale table under an arm, a table board's dark rails), each within
   * 1.3 px at its corners. Not for a board judged by its faces rather than its markings: on
   * sjoelbak it found one board more, 7 px off.
   */
  fainterQuadsFactors: [0.5, 0.3] as readonly number[],
  /** Least area of a board quadrilateral, as a share of the image. */
  minQuadAreaFraction: 0.01,
  maxQuadCandidates: 8,
  /**
   * Also quads made of each contour's own straight stretches (an arm or a shadow joined to the
   * outline), tried only when no hull's quad has straight sides.
   */
  quadsFromStretches: true,
  /**
   * ... as many as this from one contour, each beside the larger ones: a sunlit patch as large
   * as the mat joined to its corner makes one contour round both (shuffleboard mat scene 35
   * was found from the second; on 40 scenes of every rectangular board no other changed).
   */
  stretchQuadsPerContour: 2,
  /**
   * ... and also when every hull's straight quad is smaller than this share of it: an arm
   * joined to the outline bends the whole board's hull, while parts of the board between bars
   * still come out straight (a guess from a short part is far off at the other end).
   */
  stretchQuadsMaxHullShare: 0.5,
  /**
   * ... but always in that last look: a hull's
   * quad made straight there by its sides' consensus may be a bogus one through an arm (on 40
   * scenes of every board, the 9 ft table's 31, Sling's 3 and sjoelbak's 15 were found only
   * so). Not in the second look itself: against a loose first fit it moved two fits within
   * 0.7 px by 0.1-0.2 px, and a committed 12 ft sample's fit changed too.
   */
  stretchQuadsAlwaysInLastLook: true,
  /**
   * That last look also joins two straight quads lying end to end on one pair of lines (a
   * board cut in two by an arm; see joined-quads.ts; undefined: not). On 40 scenes of every
   * board it found Nano Curling's 38 (0.06 px) and the 12 ft table's 9 (0.58 px). In the second
   * look, a part's joined quad led a loose Nano Curling fit 1.27 px off to one 5 px off that
   * held (rms 0.57 px, 83% of the edges).
   */
  joinSplitQuads: { maxOffsetFraction: 0.01, maxAngleDeg: 2 } as JoinOptions | undefined,
  /** Sides that stay this far from straight lines (rms, ideal pixels) are not a board's outline. */
  maxQuadStraightnessPx: 2.5,
  /**
   * A rectangular board not found from its straight outlines is looked for again from the
   * outlines refused, each side taken from the line most of its edge points lie on (see
   * SideConsensus): an arm across a mat's side leaves its outline 3-7 px from straight.
   */
  quadSideConsensus: { aboveRmsPx: 1, tolPx: 2, minShare: 0.5 } as SideConsensus | undefined,
  /**
   * ... and a fit from there is trusted only when it finds this share of the board's edges: on
   * 40 scenes of each rectangular board the four right fits found 81-89%, one put end for end
   * (a sjoelbak board) 67%.
   */
  quadConsensusTrustInliers: 0.8,
  /**
   * The second look is also taken when the first look's fit holds with an rms above this (px),
   * and its fit, trusted as above, replaces the first when its quality (see closeFitRmsWeight)
   * is higher: on 40 Sling scenes three fits 6-35 px off at a corner (rms 0.50-0.57) came
   * within 0.3-0.4 px. (Also below rectGoodInliers: no fit better, at 1.6 times the time on sjoelbak.)
   */
  secondLookAboveRmsPx: 0.45,
  /**
   * A fit holding with an rms above this (px) is fitted again from its own mapping seen through
   * each lens of `lensRestartK1` (k2 none), and the best of those fits replaces it when its
   * quality (see closeFitRmsWeight) is at least `lensRestartMinGain` higher: a loose fit's lens
   * and focal length can trade off into a place the close fit cannot leave. On 40 scenes of
   * each rectangular and round board, five PitRush fits 2.0-5.3 px off at the corners came
   * within 0.3-0.6 px and two Sling fits 3.9 and 12 px off within 0.8 px (quality gains
   * 0.05-0.25); a sjoelbak fit went 1.0 -> 1.3 px. Gains below 0.05 moved fits either way (a
   * PitRush fit 1.3 -> 2.1 px at 0.035, another 0.7 -> 1.1 px at 0.006). From 0.3 px, a Sling
   * fit 0.3 px off went 7 px off.
   */
  lensRestartAboveRmsPx: 0.4,
  lensRestartMinGain: 0.05,
  lensRestartK1: [0, -0.15] as readonly number[],
  /**
   * Range (px) over which a guess's surface sides are moved onto the nearest strong straight
   * edge: this share of the square root of the quad's area, within the bounds.
   */
  snapRangeFraction: 0.05,
  snapMinRangePx: 6,
  snapMaxRangePx: 40,
  /**
   * The second look at a board not found also follows each quad's sides where the coarse
   * outline left them (a faint stretch of a side the coarse edges missed), and from the
   * straight sides alone (an arm's edge in the contour near a side): see SideStarts.
   */
  quadFollowWithoutContour: true,
  /**
   * A last look at a board the second look did not find either follows each quad from its
   * straight sides alone again, looking this share of the quad's size (square root of its
   * area) either side of them (0: not): an arm across the board joins the hull of the outline
   * to the arm's, whose sides then lie off the board's, parallel to them (Nano Curling scene
   * 19: 14 px). Not in the second look: there a Sling fit within 0.5 px went 6 px off (the
   * wider look's other edges make guesses that compete), and even for quads not straight
   * otherwise, Sling scene 9 was taken 26 px off (holding with rms 0.57 px, 86% of the edges).
   */
  quadWideFollowFraction: 0.06,
  /** Range of k1 the plumb-line estimate from a quad's sides searches. */
  lensK1RangeQuad: [-0.3, 0.1] as [number, number],
  /** A guess that stretches the board more than this (singular value ratio) is no camera's view. */
  maxAnisotropy: 1.7,
  /** Edge samples along the board (spacing widened on large boards to keep at most the maximum). */
  rectSampleSpacingMm: 6,
  rectMaxSamples: 900,
  /**
   * Fit a round frame's outer edge (a clean circle against the table) at a height the fit
   * measures. Off: that height trades off against the lens and focal length in the close fit,
   * which then bends a round board's markings (PitRush) by a millimetre or more.
   */
  roundOutlineEdges: false,
  /** Samples and search range (px) of the quick score that ranks the guesses. */
  rectScoreSamples: 240,
  rectScoreRangePx: 1.5,
  /** Guesses given a wide first fit to all edges (on a half-size image, `rectIcpSamples` samples). */
  rectIcpCandidates: 12,
  /** A narrow fit this good (inlier share, rms in full-size px) needs no wide one; the search stops after `rectMinGuesses`. */
  rectGoodInliers: 0.8,
  rectGoodRmsPx: 0.8,
  rectMinGuesses: 2,
  rectIcpSamples: 200,
  /** Levels of the wide first fit: image scale (0.25 or 0.5) and search ranges in its pixels. */
  rectIcpLevels: [
    { scale: 0.25, rangesPx: [8, 4] },
    { scale: 0.5, rangesPx: [3, 2] },
  ] as { scale: 0.125 | 0.25 | 0.5; rangesPx: number[] }[],
  /**
   * A round board not found from its ellipses' guesses is looked for again from each ellipse
   * seen in perspective, by a camera of the typical focal length (priorHorizontalFovDeg), tilted
   * by the ellipse's shape one way or the other: on 40 PitRush scenes the best guess from a
   * board tilted 32 degrees had been 200 px off, from this 20 px.
   */
  roundTiltedRetry: true,
  /** The same for round boards (their guesses come from ellipses, without perspective). */
  roundIcpLevels: [
    { scale: 0.125, rangesPx: [8, 5] },
    { scale: 0.25, rangesPx: [5, 3] },
    { scale: 0.5, rangesPx: [3, 2] },
  ] as { scale: 0.125 | 0.25 | 0.5; rangesPx: number[] }[],
  /** From a part of the board, the wide fit first uses edges within the part grown by these factors. */
  rectIcpGrowth: [1.4, 2.5],
  /** Stretches along the board's length tried when taking in the whole board from a part. */
  rectIcpStretch: [0.85, 0.93, 1, 1.07, 1.17],
  /** Search ranges (px) of the close fit (homography and lens) after the wide first fit. */
  rectRangesPx: [4, 2.5, 1.5],
  /** Samples of the close fit's passes before the last (which takes them all). */
  cameraEarlySamples: 300,
  /** The close fit frees the focal length and fits the lens from this pass on (k2 in the last pass only). */
  cameraLensFromPass: 1,
  /**
   * A close fit finding fewer than rectGoodInliers of the edges or with a larger rms than this
   * is tried again from these lenses (k1); fits are compared by inlier share less this weight
   * times the rms (px).
   */
  closeFitGoodRmsPx: 0.45,
  closeFitRetryK1: [-0.15],
  closeFitRmsWeight: 0.3,
  /**
   * When the close fit of the best guess fails its checks or is suspect, up to this many other
   * distinct guesses are fitted closely, those scoring at least this share of the best's score.
   */
  closeFitAlternatives: 4,
  closeFitAlternativeMinScore: 0.4,
  /**
   * When none of those holds, the best guess's other starts (as it was, after the narrow fit)
   * are fitted closely too, at most this many: a wide fit can slide a right guess off.
   */
  closeFitUnpickedStarts: 2,
  /** ... and then up to this many guesses scoring below closeFitAlternativeMinScore but at least this share of the best's score. */
  closeFitLastResorts: 2,
  closeFitLastResortMinScore: 0.25,
  /**
   * A fit of a board with few markings, doubtful or finding fewer than rectGoodInliers of the
   * edges, is fitted closely once more from where it ended (the close fit's shrinking ranges
   * can stop millimetres short), and refused when that fit no longer holds.
   */
  closeFitAgain: true,
  /**
   * When still no close fit holds on a board in a raised frame, up to this many of the best
   * starts (guesses as they were, after the narrow fit and after the wide one) are moved
   * corner by corner onto the sharpest edges near them (steps in px, each scored within each
   * of these shares of the step and at least the least range, rounds per step) and fitted
   * closely again: a quad of the frame's top or of its shadow's edge puts the board's edges 5
   * to 10 px off, beyond the close fit's reach. A fit from there counts only when not suspect
   * and its rms is at most closeFitGoodRmsPx, or when it finds at least `climbTrustInliers` of
   * the board's edges (on sjoelbak such fits were within 2 mm, while the climbed fits that
   * ended off the board, 3.5 to 20 mm, found under 0.8).
   */
  climbTrustInliers: 0.8,
  /**
   * A fit of a board in a raised frame finding fewer than this share of its edges is fitted
   * closely again from itself moved by these shares of the board's width and length each way,
   * scaled by these factors about its centre, and with one side moved out or in by these
   * shares (the opposite side held); the best fit is kept when it holds, is not doubtful, and
   * its quality (inlier share less closeFitRmsWeight times the rms) is nudgeMinGain higher,
   * and moved again, up to nudgeRounds times. The fit so reached replaces the first only when
   * its quality is nudgeMinTotalGain higher: on 40 Sling scenes small gains had led two fits
   * from 5 and 22 mm off to 18 and 24 mm. With these, six fits 7-22 mm off at a corner came
   * within 0.2-3.3 mm, and no fit got worse. (Shifts of 6% and scales of 8% found nothing more.)
   * Each round, every move is first fitted by the camera's passes alone, and only the best
   * nudgeFullFits of them in full (walls seen from behind or held off by a shadow left out): as
   * good on those scenes, at a third of the cost.
   */
  nudgeBelowInliers: 0.8,
  nudgeShiftFractions: [0.03] as readonly number[],
  nudgeScales: [1.04, 0.96] as readonly number[],
  nudgeSideFractions: [0.04] as readonly number[],
  nudgeMinGain: 0.02,
  nudgeMinTotalGain: 0.1,
  nudgeRounds: 3,
  nudgeFullFits: 3,
  climbStarts: 6,
  climbStepsPx: [6, 3, 1.5, 0.75],
  climbRangeFractions: [1, 0.5],
  climbMinRangePx: 0.75,
  climbMaxRounds: 8,
  /** Fit the lens' k1 when the board spans this share of the image diagonal (straight edges tell k1 well). */
  rectLensFitMinSpan: 0.15,
  /** ... and k2 when it spans this share (only then do the edges reach far enough out to tell it). */
  rectLensK2MinSpan: 0.6,
  /** Focal lengths a camera may have, as multiples of the image width (a 125 to 23 degree wide view). */
  cameraFocalWidths: [0.25, 2.5] as [number, number],
  /**
   * Pull towards a typical webcam's focal length (priorHorizontalFovDeg), which decides it when
   * the view is straight down: per unit of log focal, added to the camera mismatch, and as a
   * residual in pixels (times the square root of the edges) in the close fit.
   */
  cameraFocalPriorWeight: 0.005,
  cameraFocalPriorPx: 0.15,
  /**
   * In the close fit, a thin painted line too faint at its own width is looked for again this
   * many times the image's blur (measured at the board's step edges) wide: out of focus, a
   * line of a pixel or two is a shallow dip a few pixels wide. 0: never.
   */
  cameraBlurredLineFactor: 1.5,
  /** ... when that is at least this wide (px): under it the paint's own width sees the line. */
  cameraBlurredLineMinPx: 3,
  /** A guess this far from every camera's view (see cameraMismatch) scores half. */
  cameraMismatchScale: 0.05,
  /** A fit finding fewer of the board's edges than this share is "board not found". */
  rectMinInlierFraction: 0.6,
  /**
   * ... or than this share when at least `marksHoldMinCount` painted markings are each found
   * over this share of their length (a dark surface between dark gutters hides its sides).
   */
  rectMinInlierFractionMarksHold: 0.4,
  marksHoldMinCount: 4,
  marksHoldCoverage: 0.8,
  /**
   * ... or than this share, with `minMarksSeenMostlyHold` of the markings seen (see
   * minMarksSeen), when at least `marksMostlyHoldMinCount` markings are each found over
   * `marksMostlyHoldCoverage` of their length: a small board out of focus blurs its thin lines
   * and small circles away while its long lines stay. On carrom scene 15 (1.8 px of blur) the
   * fit within 0.7 px found 58% of the edges and 19 of 38 markings, its four outer baselines
   * 95-100%; fits from wrong guesses there found them 5-15%. On 40 scenes of every other
   * rectangular and round board no fit changed.
   */
  rectMinInlierFractionMarksMostlyHold: 0.5,
  marksMostlyHoldMinCount: 4,
  marksMostlyHoldCoverage: 0.9,
  minMarksSeenMostlyHold: 0.4,
  /**
   * Holes whose floors are this bright against the board round them (median over the holes)
   * under each of the best few guesses, and again where the wide fit puts them, are cups
   * floored like the board: the fits leave their rims out.
   */
  holeFloorMinRatio: 0.7,
  holeFloorGuesses: 3,
  /**
   * ... and so is one finding fewer than this share of the markings (each counts as found with
   * this share of its edge): a fit bent or turned on a round board finds its outline but only
   * about half its lines.
   */
  minMarksSeen: 0.6,
  markSeenCoverage: 0.5,
  /**
   * A board with fewer than two markings (sjoelbak) is judged by the faces and raised edges the
   * camera sees: a fit finding fewer than minMarksSeen of them is suspect (other guesses are
   * fitted too, the best fit wins), one finding fewer than this share is "board not found".
   */
  minFacesSeen: 0.4,
  /**
   * ... and its sharp score must beat that of the same view turned end for end (the same
   * outline) by this factor, when no symmetry allows the turn.
   */
  endForEndMinRatio: 1.1,
  /**
   * A board with few markings whose short markings (fewer than 8 edge samples each) add up to
   * at least `smallMarksMinSamples` edges must have this share of them found: a fit stretched
   * along a sjoelbak finds the gate bars' tops but none of the compartments' edges under them.
   */
  smallMarksMinSamples: 8,
  smallMarksMinFound: 0.25,
  /** ... not counting edges whose image is this bright on both sides (clipped in a glare, no edge can show). */
  smallMarksClippedLevel: 245,
  /**
   * The same for the markings judged one by one (minMarksSeen, the ends' markings): a glare
   * over a pale mat clips its lines away (a mat's fit 3 px from a right guess was refused,
   * finding 4 of 7).
   */
  marksClippedLevel: 245,
  /**
   * ... and, with a raised frame around it, at least this share of the outer top edge of one
   * of its long sides must be found within this range (px) of where the fit puts it (samples
   * this far apart): a fit that took a wall's inner top edge for its outer one, or the frame's
   * outline for the surface, finds neither. A fit finding at least `frameOuterTrustInliers`
   * of the board's edges is not held to it (a frame the colour of the table shows no outer edge).
   */
  frameOuterMinFound: 0.75,
  frameOuterTrustInliers: 0.8,
  frameOuterRangePx: 1.5,
  frameOuterSpacingMm: 10,
  /**
   * ... and the edges across it (its ends, bars, gates) are scored at every slide along it
   * within this share of its length and every stretch along it within this share, in steps
   * of about this many pixels: a place this many times sharper than the fit's own is fitted
   * again from there (the sharper of the two fits wins), and when no fit holds there but it
   * is sharper by the second factor, the board is not found (neither place can be trusted).
   */
  alongGridRangeFraction: 0.04,
  alongGridStretch: 0.1,
  alongGridStepPx: 1.5,
  alongGridRefitMinGain: 1.02,
  alongGridRefuseGain: 1.08,
  /**
   * The grid scored cheaply (each sample's response looked up along the board, the camera held),
   * its best few places by the sharp score itself: the full score at every place cost hundreds
   * of milliseconds per fit.
   */
  alongGridCheap: true,
  alongGridExactChecks: 6,
  /**
   * A board with few markings or in a raised frame is also fitted closely from the sharpest
   * place across it (its edges along it scored at every slide across it within this share of
   * its width and every stretch across it within this share, in the along grid's steps), when
   * that place is alongGridRefitMinGain times sharper than the start: from a start 10 mm off
   * sideways the close fit settles on a wall's top edge or its shadow. The start as it is is
   * fitted too, and the better fit kept (a wall's shadow can be the sharpest place: on 40
   * Sling scenes one fit 0.4 mm off at a corner went 2.2 mm off from there).
   */
  sideGridFirst: true,
  sideGridRangeFraction: 0.1,
  sideGridStretch: 0.08,
  /**
   * A board this many times longer than wide is judged at each end too: markings wholly in
   * its near or far third, of which at least this share must be found at each end (when it
   * has two or more).
   */
  longBoardAspect: 2.5,
  minEndMarksSeen: 0.3,
  /**
   * A wall's or block's foot is left out when the camera stands behind its face by more than
   * this share of the board's half-diagonal (its top edge then hides the foot).
   */
  faceMarginFraction: -0.03,
  /** Rotation step of the search for a round board's orientation (within its symmetry). */
  roundRotationStepDeg: 2,
  /** Range over which a round board's field polygon is moved onto strong edges: this share of the surface's radius in the image, at most the maximum. */
  roundSnapRangeFraction: 0.15,
  roundSnapMaxRangePx: 70,
  /** Orientation of a round board's field polygon: gradients over this annulus (shares of the surface's radius), the best few rotations tried. */
  fieldInnerFraction: 0.6,
  fieldOuterFraction: 0.97,
  fieldStepFraction: 0.012,
  fieldRotations: 3,
  /**
   * The field polygon's sides are moved onto edges that hold along the whole side, each free to
   * slant by up to this share of the range from end to end; points per side, the response a
   * point counts up to, and the least mean response of a side.
   */
  fieldSnapSlantFraction: 0.5,
  fieldSnapPerSide: 40,
  fieldSnapCapResponse: 12,
  fieldSnapMinMeanResponse: 3,
  /** Lenses (k1) a round board's guesses are also tried under (the first guesses have none). */
  roundGuessK1: [-0.12],
  /** The same for the wide first fit from rough guesses: only feet the camera clearly faces. */
  icpFaceMarginFraction: 0.05,
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
