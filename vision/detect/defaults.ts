import { PAINTED_SPOT_DEFAULTS, type PaintedSpotOptions } from './painted-spots.ts';

/** Tunables of disc detection, in one place. */
export const DETECT_DEFAULTS = {
  /** Resolution of the rectified board view used to find candidates (px per mm). */
  rectifiedPxPerMm: 1,
  /** Hough accumulator threshold (lower finds more, and more false candidates). */
  houghThreshold: 14,
  /** Canny high threshold inside HoughCircles. */
  houghCanny: 60,
  /**
   * A view blurred more than this (sigma, view px; see viewBlurPx) is searched with houghCanny
   * lowered as its steps' slopes are, and a candidate whose rim was found too little round is
   * measured again with its edges taken as steps about the blur wide (see blurredSearch): out of
   * focus, a disc of low contrast drew no edge for the search, or was found under
   * minRimCoverage round. (Every rim measured so wide placed the discs found anyway farther off.)
   * Sharp views read 0.7-1.2. Boards of plain flat discs only (crokinole, sjoelbak, Sling): on
   * those of stones, pucks and carrom men it cost precision, and carrom two discs' teams. 0: never.
   */
  blurRefPx: 1.5,
  /** ... houghCanny never lowered below this share of it (noise's own edges grow below it). */
  blurMinCannyFraction: 0.5,
  /** ... those rims' edges taken as steps this many times the blur (image px) each side, from 0.75 px up to blurredEdgeHalfBaselinePx. */
  blurBaselineFactor: 1,
  /** Radius range searched, as fractions of the piece radius. */
  minRadiusFraction: 0.8,
  maxRadiusFraction: 1.15,
  /** Grey levels of a band lying below the surface (a ditch) are scaled by at most this to look for candidates there (see lower-band.ts; 0: not looked for)... */
  lowerBandMaxGain: 4,
  /** ... when the surface is at least this many times brighter than the band (else the surface's candidates see discs there as well). */
  lowerBandMinGain: 1.25,
  /** ... with this Hough accumulator threshold (searched at half the view's resolution, a rim draws half as many votes; 14 lost 3 of the corpus' 16 dark ditch discs found at 10). */
  lowerBandHoughThreshold: 10,
  /** A candidate within this share of a radius of a painted circle's centre is that circle (see findCandidates). */
  paintedNearFraction: 0.3,
  /** Rays cast from a candidate's centre to find its rim. */
  rimRays: 64,
  /** Outline refinement passes and their search half-ranges in mm. */
  rimRangesMm: [5, 2, 1.2],
  /** Least edge response (grey levels) for a rim point. */
  minRimResponse: 8,
  /** A candidate needs this share of its rim found. */
  minRimCoverage: 0.45,
  /**
   * A fit that found less than minRimCoverage, but this much, is still a disc when it passes the
   * top rim alone's colour and paint tests (0: never): a disc half lost in a shadow or a blur. Its
   * uncertainty floor is then uncertaintyFloorByCoverage's widest (on 200 scenes of the 26"
   * corpus four more discs, 0.9-4.2 mm off, none false; 0.35, or the weak rim's colour test, also
   * found false ones)...
   */
  shortRimMinCoverage: 0.38,
  /** ... when its rim residual is at most this (mm: a consistent arc, not scattered edges). */
  shortRimMaxRmsMm: 0.5,
  /** ... and its top face varies in colour by at most this (RGB, median from its mean: a disc's face is one colour; on 200 corpus scenes the four false discs such fits found, on grain, art and printed numbers, varied by 16-35; four true discs by 4-9, kept, and two by 16 and 33, lost with them). */
  shortRimMaxFaceSpread: 12,
  /** Fitted radius must be within this fraction of the piece radius. */
  radiusTolerance: 0.08,
  /** Rim residuals beyond this many robust sigmas are dropped. */
  outlierSigmas: 2.5,
  /** A rim fit that found less than this share of its rim is tried again with the edge's other sign (a disc of the board's tone, outlined by a thin dark edge). */
  signRetryCoverage: 0.6,
  /**
   * A dark disc's top rim where its side wall shows (see SilhouetteFitOptions): on 60 scenes
   * of the 26" corpus the centre error's median fell 0.281 -> 0.259 mm, and on 40 of PitRush
   * 0.537 -> 0.400 mm, carrom 0.235 -> 0.217 mm, the 24" board 0.301 -> 0.267 mm.
   */
  wallFootMinPx: 0.5,
  wallFootReachPx: 0.75,
  wallFootMinContrast: 50,
  /**
   * A candidate whose rim was found too little round is measured again with edges taken as
   * steps across twice this many pixels (a blurred image's edges: see SilhouetteFitOptions)...
   */
  blurredEdgeHalfBaselinePx: 2,
  /** ... when a blurred rim was at least seen over this share of it (most candidates below are not discs, and each retry costs a fit). */
  blurredRetryMinCoverage: 0.25,
  /**
   * A disc whose rim was found in grey less than this far round is measured in colour too (a
   * disc of about the board's grey, a yellow one on pale wood, is outlined in grey mostly by its
   * shadow, and such fits lay up to 6.4 mm off)...
   */
  colourRetryBelowCoverage: 0.6,
  /**
   * ... and its colour fit replaces a grey fit that holds (minRimCoverage) when it finds this much
   * of its rim (at 0.6, fits under motion blur 0.6-0.64 of the way round were 2-3 mm off)...
   */
  colourOverGreyMinCoverage: 0.7,
  /**
   * ... and is then placed no better than this (mm): such colour fits were off by up to 3.4 mm
   * under motion blur (with 1.5 mm, discs beyond their uncertainty on the 26" corpus rose from
   * 3.19 to 3.36%; with this, 3.18%). On 40 scenes of each board, calls left to a person with
   * a true clearance of 0.5 mm or more fell 173 -> 160 and the centre error's p95 3.97 -> 3.63 mm.
   */
  colourOverGreyUncertaintyFloorMm: 3.5,
  /** ... and that measurement kept when it finds at least this much more of the rim (a sharp step locates the edge better). */
  blurredEdgeMinCoverageGain: 0.05,
  /** A fit that still found less than minRimCoverage, but this much, is fitted again from this many starts this far round the candidate (radii: a candidate between a disc and its shadow lies a third to two thirds of a radius off the disc; not on boards with painted piece-sized circles, nor for pucks, where it found false pieces). A tall wooden stone on a painted scoring field of its grey (shuffleboard mat seed 5) had its candidate 11-20 mm off and fits from there finding 17-18%: at 0.15 (was 0.3) both are found, and on 40 scenes of every board only the shuffleboard mat changed (recall 76.1 -> 77.5%, exact score 85 -> 87.5%). */
  wideRestartMinCoverage: 0.15,
  /** ... and so is a fit that found less than this (a dark disc's candidate on its shadow settles, from every start near it, on the shadow's far edge with 55-61% of an outline, where the disc beside it shows 70% or more). */
  wideRestartMaxCoverage: 0.7,
  /** A fit takes no edge within this much (mm, beyond 1.5 mm) of a peg beside the disc, as the camera sees the peg (its side and top, see peg-neighbours.ts; -Infinity: pegs are not left out). 1 mm more lost two discs of 783 on the corpus, whose remaining rim was then mostly paint. */
  pegNeighbourMarginMm: 0,
  wideRestarts: 8,
  wideRestartOffsetFraction: 0.6,
  /** Measure by the top face's rim alone when it is found round this share of it. */
  preferTopRim: true,
  minTopRimCoverage: 0.7,
  /** A disc found by its outline (minRimCoverage) whose top rim alone was found farther round, though less than minTopRimCoverage, is measured by that rim, the two fits' distance added to its uncertainty. */
  weighWeakTopRim: true,
  /** Each disc is also fitted from four starts this fraction of a radius around its candidate... */
  restartOffsetFraction: 0.3,
  /** ... and fits that found at least this share of the best one's rim, settled elsewhere, widen its uncertainty. */
  rivalCoverageShare: 0.9,
  /** A fit with less of its rim found than this must also differ in colour from the board. */
  sureRimCoverage: 0.6,
  /** ... and at least this share of its rim must be found off the board's paint (within paintToleranceMm of a painted edge). */
  weakRimMinUnpaintedCoverage: 0.3,
  paintToleranceMm: 1.5,
  /** Least colour distance (grey levels) between a disc and the board to look for it in colour (and to take a top rim alone for one). */
  minColourContrast: 20,
  /**
   * Plain flat discs are also looked for in a view of colour (a red disc on dark wood is as bright
   * as the board: no circle in grey; see colour-view.ts). On 200 scenes of the 26" corpus (with
   * wallFootMinPx): 2489 -> 2545 discs matched, false discs 24 -> 23, exact scores 116 -> 125
   * scenes, calls left to a person 244 -> 251, centre median 0.247 -> 0.250 mm and p95 1.91 ->
   * 1.86 mm, no call wrong; on 60 held-out scenes (201-260) 19 more discs and one phantom call
   * fewer; on 40 of the 24" board 13 more discs. About a tenth more detection time (a fifth on the 24").
   * So are stones, carrom's men and PitRush's discs (at first plain flat discs only, as a stone's
   * handle draws a circle on its top: but the candidates are only starts, and a stone's top rim
   * alone is still not trusted). On 40 scenes each, recall: shuffleboard mat 78.2 -> 81.7%
   * (precision 97.4 -> 100%: a disc's own candidate wins over its shadow's), curling mat 95.7 ->
   * 97.1%, Nano Curling 90.6 -> 93.9%, carrom 84.1 -> 85.2%, PitRush 89.7 -> 91.1%; no call
   * wrong, one to three more left to a person per board.
   */
  colourCandidates: true,
  /** On a board seen coarsely, candidates are also looked for in a view as fine as the image (see coarse-view.ts). */
  coarseView: true,
  /** ... in a view this coarse (px per mm: a disc's circle is still a dozen pixels across, and the view costs a quarter of one at 1 px/mm)... */
  colourViewPxPerMm: 0.5,
  /** ... with this Hough accumulator threshold (at half the grey view's resolution a rim draws half its votes; on 60 scenes of the 26" corpus 10 gave 42 new candidates on discs and 113 off them, 12 gave 39 and 11). */
  colourHoughThreshold: 12,
  /** ... placed no better than this (mm: such colour fits settle 0.9-1.4 mm off under motion blur; on 60 scenes of the 26" corpus with colour candidates on, discs beyond their uncertainty 7.06 -> 6.57%, nothing else changed)... */
  colourCandidateUncertaintyFloorMm: 1.5,
  /** ... and of two discs nearer than this many radii, one of them found from such a candidate, the one found less far round its rim is dropped (flat discs cannot overlap; grey fits dragged onto a dark disc's shadow lay 0.63-0.67 radii from it on the corpus). */
  colourOverlapFraction: 1.5,
  /** A disc from such a candidate measured in colour is measured with edges taken as steps across twice each of these (px) in turn, until one finds sureRimCoverage of its outline (else the one that found most): a motion-blurred colour rim spreads over several pixels (see blurredEdgeHalfBaselinePx; for every candidate, this cost carrom and the 9 ft table precision). */
  colourEdgeHalfBaselinesPx: [0.75, 2, 4] as readonly number[],
  /** ... and also in a patch of the colour difference less the board's shade (see shadeFreePatch), the one that found more of its outline kept (a shadow beside a disc of the board's tone put one on a committed sample 0.73 mm off in the first, 0.16 mm in this one). */
  colourShadeFreePatch: true,
  /** ... placed midway between its outline's fit and its top rim's when both are found (in colour each settles 0.3-0.9 mm off on the corpus, apart: on 60 scenes of the 26" corpus the median error of such discs fell 0.61 -> 0.46 mm). */
  colourRimsMidway: true,
  /** A plain flat disc's fit by its outline with less of its rim found than sureRimCoverage must differ in colour from the board round it by at least this (RGB distance; a disc of the board's brightness on plain paint differs by 13-20 on the corpus, where the paint itself varies by 6-9)... */
  weakRimMinColourDistance: 12,
  /** ... and by this many times the board's own colour spread round it... */
  weakRimBoardSpreads: 1.25,
  /** ... except where that spread is over this (a ring of several colours round it: a curling house's rings, other stones; grain spreads 6-15)... */
  mixedSurroundMinSpread: 50,
  /** ... and the disc's colour is farther than this (RGB) from their median and from the nearest quarter of them (no material there is like it; a fit of the board's colour between dark lines and light wood is near the median). */
  unlikeSurroundMinDistance: 40,
  /** ... that board, round a disc in the ditch, being the ditch's floor alone (the surface and rail in the ring sampled inflate its spread: 31-42 against 8-15 on the corpus). */
  ditchSurroundOnly: true,
  /**
   * ... and without the places of discs already found, out to this share of each one's radius
   * beyond its rim (its top face seen off its footprint, its side wall), unless too little of the
   * ring is left: a disc among touching neighbours of its own colour is judged by the board, not by them.
   */
  surroundFoundDiscMarginFraction: 0.3,
  /** ... those discs being of the fit's own colour, within this (RGB distance: a team's discs in one light; others found beside a fit, a grain circle's among them, are the board round it as before). */
  surroundFoundDiscMaxColourDistance: 20,
  /** ... and not overlapping it: at least this share of the two radii's sum apart (touching discs are measured a millimetre or two apart or together). */
  surroundFoundDiscMinApartFraction: 0.9,
  /**
   * A plain flat disc's outline fit refused for the board's colour (above) is a disc all the same
   * when the rim it found lies on one side of it: the mean of its directions round the disc at
   * least this long (see SilhouetteFit.rimResultant; 0: never). A disc of the board's colour
   * shows its outline where its shadow falls and its side wall faces the camera; grain crossing
   * a circle draws two opposite arcs. On 100 scenes of each crokinole board, 230 fits so refused
   * on no disc reached 0.45 at most, 57 on true discs 0.04-0.70 (22 of them 0.5 or more), and 20
   * lying 3-8 mm off a disc (a fit dragged half onto it) 0.10-0.68...
   */
  oneSidedRimMinResultant: 0.5,
  /** ... so such a disc is placed no better than this (mm; a fit over a disc found otherwise overlaps it and goes)... */
  oneSidedRimUncertaintyFloorMm: 12,
  /**
   * A plain flat disc's fit refused only for being the board's colour is a disc after all when
   * its face is within this distance (RGB) of a sure disc's in the same image, and nearer it than
   * the board round it (0: never): a team playing discs of the board's own wood. Grain draws
   * circles of the board's colour, not of a disc's. On 100 scenes of each crokinole board, of
   * 167 fits so refused (45-59% of their rims found), all 16 within 8 of a sure disc's colour lay
   * on discs not otherwise found; the nearest on no disc was 8.3 off. On other scenes grain
   * circles that near a sure disc's colour were found too: such a disc must show a plain face
   * (neither mixed nor textured), and lie clear of a hole's or a small ring's edge (whose arcs
   * draw circles beside it, as for oneSidedRimMinResultant).
   */
  likeSureDiscMaxColourDistance: 6,
  /** ... a sure disc being one whose rim was found this far round... */
  likeSureDiscMinRimCoverage: 0.8,
  /** ... and such a disc is placed no better than this (mm; found as little round as a shadow can draw). */
  likeSureDiscUncertaintyFloorMm: 12,
  /** ... and none is taken near a round feature less than this many disc radii across (a hole, a pit, a pocket, a painted spot or arc), whose edge draws a one-sided arc too (on PitRush and carrom most such fits lay at pits, pockets and the arrows' arcs). */
  oneSidedRimSmallFeatureRadii: 3,
  /** ... or this many when measured by its top face's rim alone, the outline found less round, however far round the rim was found (wood grain draws such rims: 1.3-1.5 spreads on the corpus' grained boards, faint discs 1.7 and more); its rim must also be found off every painted edge (a spot's too). */
  topRimAloneBoardSpreads: 1.6,
  /** ... and dropped when its centre is nearer than this many radii to a disc found otherwise (flat discs cannot overlap so far; 1.5 leaves a disc partly under another over 85% in view). */
  topRimAloneOverlapFraction: 1.5,
  /** A "disc" in a hole darker than this (luma) and farther than this (RGB) from every disc on the board is the hole's floor. */
  holeFloorMaxLuma: 50,
  holeFloorMinColourDistance: 45,
  /** ... or whose middle is this many times brighter than its outer part (a deep floor lit through the opening; see hole-floor.ts)... */
  holeFloorMinShadeRatio: 1.25,
  /** ... or whose rings' median greys (out to 0.85 of a disc's radius) spread by more than this share of their mean (a floor lit aslant). On 100 scenes of each crokinole board black discs in the hole spread by 0-0.062, empty floors that the ratio above let through by 0.13-0.37 (but one, 0.074, still taken for a disc). */
  holeFloorMinRingSpread: 0.1,
  /** A "disc" in a hole within this colour distance (RGB) of the board round the hole is its wooden floor (a disc on a board differs more, even one of the board's tone). */
  holeFloorMaxBoardDistance: 12,
  /** A "disc" on the board centred over a sinking hole's opening, darker than holeFloorMaxLuma and farther than holeFloorMinColourDistance from every other disc found, is the hole's floor (see hole-overlaps.ts). */
  darkFloorOverOpening: true,
  /**
   * A disc in a hole overlapped by a disc on the board, where the part of the opening no disc on
   * the board covers is darker than holeFloorMaxLuma and farther than holeFloorMinColourDistance
   * from every other disc found, is the empty hole's floor (see emptyOpeningsBesideLeaning): the
   * opening looked at within this share of the hole's radius, told only when this share of it
   * is in view, a leaning disc taken to cover this far beyond its radius.
   */
  emptyOpeningBesideLeaning: true,
  openingInnerFraction: 0.85,
  openingMinVisibleShare: 0.2,
  openingCoverMarginMm: 2,
  /** A disc in a hole whose centre is nearer than this share of two radii to a disc on the board is placed no better than the hole's radius (see hole-overlaps.ts; 0: never). On 260 scenes of the 26" corpus such fits lay 18-19 mm from the disc beside them, discs truly in a hole 35.6 mm or more. */
  holeOverlapFraction: 1,
  /** A disc measured this close to where a disc lying in a hole would appear is in the hole. */
  inHoleToleranceMm: 3,
  /** A fit settled into a hole is fitted again from this many starts this far round it (mm: a disc leaning into the hole lies about a radius off its centre)... */
  leaningStarts: 8,
  leaningStartMm: 14,
  /** ... and a fit from there that finds at least this much more of its outline is the disc (leaning: 0.7 against 0.5 on the corpus). */
  leaningCoverageGain: 0.15,
  /** A plain flat disc whose rim was found less far round than this (0: never)... */
  mixedFaceMaxCoverage: 0.7,
  /** ... and whose top face varies in colour by more than this (RGB, median from its mean) is measured again in its likeness to its face's colour least like the board's, and moved there when found surely with a face of one colour (see mixed-face.ts; on 260 scenes of the 26" corpus such fits were painted numbers, art, a hole's edge and fits 7-16 mm off a disc; well-placed discs found less far round spread by 20 or less, but for two mostly hidden under others). */
  mixedFaceMinSpread: 20,
  /** ... and, not found so, is placed no better than this many radii (a fit that took part of a disc's rim for its own crosses its outline: within two radii of it; on the corpus such fits lay 7-16 mm off a disc, or on none: a painted number, grain, a hole's edge). */
  mixedFaceReachFraction: 2,
  /** A plain flat disc whose rim was found less far round than this (0: never)... */
  texturedFaceMaxCoverage: 0.62,
  /** ... and whose top face's middle (texturedFaceInnerFraction of its radius) varies in grey more than this (mean squared gradient, grey levels per pixel) is placed no better than mixedFaceReachFraction radii: a disc's face is smooth, grain and paint are not (see face-texture.ts; on 120 scenes of the 26" corpus weak fits on grain and paint reached 45-140, weak real discs off the hole's edge 44 or less but for three, 52-70; exact scores unchanged on 260 scenes). */
  texturedFaceMinGradientEnergy: 44,
  texturedFaceInnerFraction: 0.6,
  /**
   * A fit placed no better than mixedFaceReachFraction radii (a mixed or grained face) whose face
   * is the board's own hue and light round it is a streak of grain, not a disc (see
   * board-hued-face.ts; 0: never). On 60 scenes of each crokinole board and 40 of every other,
   * such fits on no disc were 0.10-0.47 of the board's hue spread from its hue (but one, 2.3),
   * real discs 1.8 or more.
   */
  boardHuedMaxHueSpreads: 1,
  boardHuedMinHueSpread: 0.002,
  boardHuedLightMarginGrey: 5,
  /** ... and so is a puck found less than this far round its rim (on 40 scenes of each table, such fits on no puck were 0.09-1.17 hue spreads off the board's hue, three of them under 0.6, and 48 real pucks 1.36 or more). */
  boardHuedPuckMaxCoverage: 0.62,
  /**
   * No more pieces of a kind than the game has (see piece-counts.ts). On 80 carrom scenes this
   * dropped 5 of 10 fits on the grain called for points, and no piece; on 40 scenes of every
   * other board, one puck on the 9 ft table, put in the wrong team.
   */
  capPieceCounts: true,
  /** ... and beyond this, it is not taken for a disc at all (Infinity: never): on 260 scenes of the 26" corpus this dropped 25 fits on no disc (painted numbers and art, 3 of them called for points: 450-1130) and no real disc; on 40 scenes of the 24" board, sjoelbak, PitRush and both mats, one fit on no disc and no real disc. */
  texturedFaceNoDiscGradientEnergy: 250,
  /** A fit found at least sureRimCoverage round but less than this (0: never)... */
  texturedSureMaxCoverage: 0.66,
  /** ... whose face's middle varies in grey more than this (as texturedFaceMinGradientEnergy) is held to the weak rim's colour test still: on 40 scenes of each board, circles drawn by carrom's grain between its base lines (61-64% of the rim found, the board's colour, scored as men) reached 107-195, real discs of the board's colour so far round 46-63, but a grained wooden crokinole disc 70% round 110 (kept by the coverage limit). Not for pucks, whose caps texture their faces (on the 9 ft table's scenes 41-80 it dropped two real pucks). */
  texturedSureMinGradientEnergy: 80,
  /** Two discs found overlapping by more than this share of the smaller radius (and than their uncertainties) are one disc and a ghost: discs lying flat cannot overlap (flat-overlaps.ts; not on boards with stacks). */
  flatOverlapFraction: 0.25,
  /**
   * ... of the two, a fit whose face is the board in shade (flat-overlaps.ts boardInShade)
   * counts for this share of how far it stands out from the board: a light wooden stone on a
   * light mat (shuffleboard mat seed 40) stood out as much as its shadow beside it (43.5 and
   * 43.7), whose face was the mat at 0.59-0.69 of its light in each channel. On 40 scenes of
   * every board without stacks only the shuffleboard mat changed (recall 77.5 -> 78.2%,
   * precision 96.5 -> 97.4%).
   */
  shadeGhostWeight: 0.5,
  /** Two detections closer than this fraction of a radius are one disc. */
  duplicateFraction: 0.6,
  /** A candidate within this fraction of a radius of a disc known unchanged (DetectInput.knownMm) is that disc. */
  knownReachFraction: 0.5,
  /**
   * A candidate circle lying inside a hole that swallows pieces (a carrom pocket), give or take
   * this much (mm), is the empty hole: not fitted. A piece whose centre lay over the hole would
   * have dropped in, so a piece on the surface is a hole's radius or more from its centre.
   */
  swallowedCandidateMarginMm: 2.5,
  /** Uncertainty is at least this times the leave-a-quarter-out spread of the centre. */
  leaveOutFactor: 2,
  /** A disc this far in colour (RGB) from the board round it is measured again in its likeness to its own colour (see likenessPatch). */
  likenessMinContrast: 40,
  /** ... a likeness fit finding this share of its outline is sure (else it is started again from the middle of the disc's colour)... */
  likenessSureCoverage: 0.65,
  /** ... and it replaces the grey fit when sure and this much farther round than it. */
  likenessCoverageGain: 0.1,
  /** A disc measured by its likeness is placed no better than this (mm): that edge sits 0.1-0.3 mm off the grey one on the corpus (a shaded side wall is less like the top face). */
  likenessUncertaintyFloorMm: 0.5,
  /** Centre uncertainty floor in mm (pose and lens error not seen in the rim residuals). */
  uncertaintyFloorMm: 0.15,
  /**
   * ... and, by how much of its rim a fit found, at least this (mm): [least coverage, floor], the
   * first that applies, given after detection (which weighs the fits' own uncertainty). A fit
   * that found less of its rim is more often settled on something beside the disc (a shadow,
   * a line, a peg) while agreeing with itself: on 784 discs of 60 corpus scenes, centre errors
   * at p90 were 0.6 mm (90% of the rim found or more), 0.9 (80-90%), 1.2 (70-80%), 1.8 (60-70%)
   * and 5 (less); below half of it, a fit may be a disc's shadow, up to 12 mm off under a low
   * light (9.5 mm high at 39 degrees).
   */
  uncertaintyFloorByCoverage: [
    [0.9, 0.6],
    [0.8, 0.9],
    [0.7, 1.2],
    [0.6, 1.8],
    [0.5, 6],
    [0, 12],
  ] as readonly (readonly [number, number])[],
  /**
   * ... and at least this in image pixels at the disc's scale: the same bands' p90 errors in
   * pixels, over 1,800 discs of nine boards (0.5-1.1 px where 90% of the rim was found). A long
   * table is seen at 2-5 mm a pixel, where a floor in mm alone claimed a fifth of a pixel.
   */
  uncertaintyFloorByCoveragePx: [
    [0.9, 0.65],
    [0.8, 0.95],
    [0.7, 1.2],
    [0.6, 1.8],
    [0.5, 5],
  ] as readonly (readonly [number, number])[],
  /**
   * The calibration's RMS edge residual times this (pixels, at the disc's scale) is added in
   * quadrature: the board's mapping, off by about that much, moves every disc with it. At 2 the
   * calibration's own error at the discs (against the renderer's true camera) lay within it for
   * 94-100% of discs on round boards and mats, 88% on the tables and 78% on sjoelbak.
   */
  calibrationUncertaintyFactor: 2,
  /**
   * Where the calibration assumed the camera's focal length (a camera almost straight above
   * the board shows no perspective to measure it by), this share of each disc's parallax
   * correction is added in quadrature: the correction scales as one over the camera's height,
   * which comes from the assumed focal length. On 40 scenes of eight boards, 64 were calibrated
   * so (their true focal lengths 0.41-2.23 times the assumed one); of their 484 discs 27 lay
   * farther off than their uncertainty, 9 with the whole correction added (15 with half of it).
   */
  assumedFocalParallaxFraction: 1,
  /**
   * A disc seen lying in a hole is bounded by the hole's play round it (see holePlayMm) only when
   * this much of its rim was found. On 100 scenes of each crokinole board, 112 fits were taken
   * for a disc in the hole: the 8 that were not (an empty hole's dark or sunlit floor, a disc
   * leaning into the hole) had found 45-68% of their rim, and discs truly in it 42-100%. Bounded
   * from half of it, 4 of the 8 were called sure 20s; from 75%, none is, and 11 of the 228 calls
   * left to a person go (benchmark figures).
   */
  holePlayMinRimCoverage: 0.75,
  /**
   * ... or from this much when it is seen wholly within the hole in a colour of its own (see
   * wholly-in-hole.ts): on those 200 scenes discs truly in the hole had found 42-100% of their
   * rim, and the fits that were not such a disc all fail that test.
   */
  holePlayWhollySeenMinRimCoverage: 0.45,
  /**
   * In a view blurred more than blurRefPx, a candidate whose grey rim was found too little round
   * for a disc (under minRimCoverage) is measured in colour as one seen in colour alone is (see
   * colourEdgeHalfBaselinesPx), with steps as wide as the blur's (blurredSearch) after a pixel's,
   * and placed no better than such a candidate (colourCandidateUncertaintyFloorMm): a red disc on
   * brown wood is a faint step in grey and a plain one in colour, which the blur spreads over
   * pixels. On 100 scenes of each crokinole board recall 95.10 -> 95.55%, exact scores 78 -> 80%
   * (81.5 -> 84% once a person has ruled), calls left to a person 226 -> 228, no false disc
   * more, no call wrong; detection medians 3-12% slower (interleaved runs). With every width of
   * colourEdgeHalfBaselinesPx, and for grey fits that hold too: 95.66%, but a false disc more,
   * on sjoelbak a disc more placed beyond its uncertainty, and about a tenth slower. Boards of
   * plain flat discs only, as the blur search (see blurRefPx).
   */
  blurColourSteps: true,
  whollyInHoleMinChroma: 40,
  whollyInHoleMinBoardDistance: 60,
  whollyInHoleRingsMm: [2, 4, 6, 8] as readonly number[],
  whollyInHoleMaxFaceShare: 0.05,
  /**
   * With the teams' colours given, on a board whose pieces all belong to a team (no queen,
   * striker or neutral piece), a fit found less than this far round (0: never) whose colour is
   * farther than `offTeamMinColourDistance` (teams.ts colourDistance) from every team's is paint,
   * not a disc: a house's blue ring fitted as a disc, 284-312 from red and yellow stones. Real
   * discs that weak came within 1-113 of their team's colour (shade, glare) on 40 scenes of each
   * board; red and yellow are 153 apart.
   */
  offTeamMaxRimCoverage: 0.6,
  /**
   * A fit found less than this far round (0: never), centred within `paintBandCentreRadii`
   * disc radii of the middle of a painted band `paintBandWidthRadii` disc radii wide (between
   * two concentric painted disks: a house's ring), whose colour is within
   * `paintBandMaxColourDistance` (teams.ts colourDistance) of the band's as seen along it, is
   * the band's paint (see painted-bands.ts). On 40 scenes each of the Nano Curling sheet and
   * the curling mat such paint fits were 12-14 from their band's colour, stones in a band
   * 129-297.
   */
  paintBandMaxRimCoverage: 0.6,
  paintBandCentreRadii: 0.35,
  paintBandWidthRadii: [1.5, 2.5] as readonly [number, number],
  paintBandMaxColourDistance: 40,
  offTeamMinColourDistance: 200,
  /**
   * Glare lifting the board round a disc by at least this much in every channel (grey levels;
   * 0: never) is taken off the disc's colour before teams are told (see glare-lift.ts), the
   * channels' lifts at most `glareMaxLiftSpread` times apart.
   */
  glareMinLift: 25,
  glareMaxLiftSpread: 1.4,
  /** Circles drawn round a painted spot of another size than a piece, and pieces centred over a pocket: see painted-spots.ts. */
  paintedSpots: PAINTED_SPOT_DEFAULTS as PaintedSpotOptions,
};

export type DetectOptions = typeof DETECT_DEFAULTS;

/** Options that leave a disc's uncertainty as measured (for tests that weigh the measurement alone). */
export const MEASURED_UNCERTAINTY_ONLY = {
  uncertaintyFloorByCoverage: [],
  uncertaintyFloorByCoveragePx: [],
  calibrationUncertaintyFactor: 0,
  assumedFocalParallaxFraction: 0,
} satisfies Partial<DetectOptions>;
