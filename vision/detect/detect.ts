/**
 * Disc detection: candidates in a rectified view of the top-face plane, each measured by a
 * rim fit in the camera image, then coloured and put into teams. Positions are footprints in
 * board millimetres.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { featuresOfKind, pieceRadiusMm } from '../../rules/profiles/schema.ts';
import { applyHomography, invert3 } from '../geometry/homography.ts';
import { distortPx, undistortPx, type LensModel } from '../geometry/lens.ts';
import type { Frame, GrayImage } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import type { Calibration } from '../calibrate/types.ts';
import { findCandidates, type Candidate } from './candidates.ts';
import { findLowerBandCandidates, holdsLowerBandDisc } from './lower-band.ts';
import { DETECT_DEFAULTS, type DetectOptions } from './defaults.ts';
import { detectPieceKinds, NO_TEAM, PIECE_KIND_DEFAULTS } from './piece-kinds.ts';
import { beyondPieceCounts } from './piece-counts.ts';
import { bandCentredAt, bandColour, paintedBands } from './painted-bands.ts';
import { rectifyPlane } from './rectify.ts';
import { blurredSearch, viewBlurPx } from './view-blur.ts';
import { contrastPatch, meanColour, shadeFreePatch, topFaceSpread, intoPatch, likenessPatch, nearestQuarterDistance, surroundColour, surroundSamples, surroundStats, surroundStatsOf, topFaceSamples, type SurroundFilter } from './colour-contrast.ts';
import { reachesSurround, surroundOffDiscs } from './surround-off-discs.ts';
import { sampleSpread, unlikeBoardColour } from './mixed-face.ts';
import { faceGradientEnergy, faceOverHoleEdge } from './face-texture.ts';
import { darkFloorsOverOpenings, doubtHoleDiscsOverlapped, emptyOpeningsBesideLeaning } from './hole-overlaps.ts';
import { seenWhollyInHole } from './wholly-in-hole.ts';
import { paintEdges, paintedShare, type PaintEdges } from './paint-explained.ts';
import { lookAlikes } from './painted-lookalikes.ts';
import { colourPuckCandidates } from './puck-candidates.ts';
import { colourDiscCandidates } from './colour-view.ts';
import { besideTwoToned, dropPuckLookAlikes, isPuckBoard, puckDetectOptions } from './pucks.ts';
import { COARSE_VIEW_DEFAULTS, coarseCandidates, coarseViewPxPerMm } from './coarse-view.ts';
import { fitSilhouette, type SilhouetteFit } from './silhouette-fit.ts';
import { pegNeighbourCircles, type NeighbourCircle } from './peg-neighbours.ts';
import { boardColouredFloor, cupAt, shadedFloor } from './hole-floor.ts';
import { boardHuedFace } from './board-hued-face.ts';
import { assignTeams, colourDistance, hexOf, type Rgb } from './teams.ts';
import { coloursForTeams } from './glare-lift.ts';
import { onSurface } from './on-surface.ts';
import { callUncertaintyMm } from './call-uncertainty.ts';
import type { DetectedDisc, DetectionResult } from './types.ts';

export interface DetectInput {
  frame: Frame;
  gray: GrayImage;
  calibration: Calibration;
  profile: BoardProfile;
  /** Number of teams in play (2 unless the match says otherwise). */
  teamCount?: number;
  /** Team colours when known, in team order. */
  teamColors?: Rgb[];
  /**
   * Centres of discs the caller knows are where it last measured them (their place in the
   * image did not change): candidates there are not fitted again and not reported.
   */
  knownMm?: readonly { xMm: number; yMm: number }[];
  /**
   * Whether the image round a place is as the caller last saw it at rest (a tracker knows):
   * a candidate there is no disc that came or went, and is not fitted or reported.
   */
  unchangedAt?: (xMm: number, yMm: number, radiusMm: number) => boolean;
}

function extentOf(profile: BoardProfile) {
  const o = profile.outline;
  return o.shape === 'circle'
    ? { minXMm: o.xMm - o.radiusMm, minYMm: o.yMm - o.radiusMm, maxXMm: o.xMm + o.radiusMm, maxYMm: o.yMm + o.radiusMm }
    : { minXMm: o.minXMm, minYMm: o.minYMm, maxXMm: o.maxXMm, maxYMm: o.maxYMm };
}

/** Circles found twice within this many radii are one disc (as findCandidates takes them). */
const SAME_CIRCLE_RADII = 1.2;

/** Whether a point is inside the board's outline, and at least `marginMm` in from it. */
function insideOutline(profile: BoardProfile, xMm: number, yMm: number, marginMm = 0): boolean {
  const o = profile.outline;
  return o.shape === 'circle'
    ? Math.hypot(xMm - o.xMm, yMm - o.yMm) <= o.radiusMm - marginMm
    : xMm >= o.minXMm + marginMm && xMm <= o.maxXMm - marginMm && yMm >= o.minYMm + marginMm && yMm <= o.maxYMm - marginMm;
}

/**
 * An empty hole looks like a disc to an edge finder: same size, round, centred. Its outline
 * is nearer the hole's size than a disc's, and it sits on the hole's centre.
 */
function holeMatching(profile: BoardProfile, xMm: number, yMm: number, fittedRadiusMm: number, discRadiusMm: number): string | null {
  for (const f of profile.features) {
    if (f.kind !== 'hole') continue;
    const offCentre = Math.hypot(xMm - f.xMm, yMm - f.yMm);
    if (offCentre < 0.25 * f.radiusMm && Math.abs(fittedRadiusMm - f.radiusMm) < Math.abs(fittedRadiusMm - discRadiusMm)) return `hole "${f.id}"`;
  }
  return null;
}

/** Whether a point lies within a hole's opening. */
function centredOnHole(profile: BoardProfile, xMm: number, yMm: number): boolean {
  return featuresOfKind(profile, 'hole').some((h) => Math.hypot(xMm - h.xMm, yMm - h.yMm) < h.radiusMm);
}

/**
 * A disc whose centre is this near a hole's centre cannot be lying on the surface (it would
 * drop in): it lies in the hole, sunk below the surface, so its measured centre carries a
 * parallax error; its position is the hole's centre.
 */
function holeHolding(profile: BoardProfile, xMm: number, yMm: number, discRadiusMm: number): { xMm: number; yMm: number; depthMm: number } | null {
  for (const f of profile.features) {
    if (f.kind !== 'hole' || f.radiusMm < discRadiusMm) continue;
    if (Math.hypot(xMm - f.xMm, yMm - f.yMm) <= f.radiusMm - discRadiusMm + 3) return { xMm: f.xMm, yMm: f.yMm, depthMm: f.depthMm ?? 0 };
  }
  return null;
}

/**
 * A block standing on the board (a sjoelbak gate bar between two arches, a carrom frame) whose
 * footprint holds this centre: no disc lies there, and one passing under a bridge (sjoelbak's
 * start bar) is hidden by it. A gate bar's front face and its arches' sides draw a disc-sized
 * circle of rim round its middle.
 */
function blockHolding(profile: BoardProfile, xMm: number, yMm: number): string | null {
  for (const f of profile.features) {
    if (f.kind === 'block' && xMm > f.minXMm && xMm < f.maxXMm && yMm > f.minYMm && yMm < f.maxYMm) return f.id;
  }
  return null;
}

/** The painted lines and rings of a profile (not the edges of its surface, holes or areas). */
export function paintedLines(profile: BoardProfile): PaintEdges {
  const all = paintEdges(profile);
  return { segments: all.segments.filter((g) => g.halfWidthMm > 0), circles: all.circles.filter((g) => g.halfWidthMm > 0) };
}

/**
 * Where painted lines meet (a ring and a line), a circle fitted between them finds its "rim"
 * on the paint: a fit must find enough of its rim off the painted lines (taking all of the
 * rim near paint as found). Lines alone: a disc in a hole lies along the hole's edge.
 */
export function rimMostlyPaint(
  lines: PaintEdges,
  fit: { xMm: number; yMm: number; coverage: number },
  radiusMm: number,
  o: { paintToleranceMm: number; weakRimMinUnpaintedCoverage: number },
): boolean {
  return fit.coverage - paintedShare(lines, fit.xMm, fit.yMm, radiusMm, o.paintToleranceMm) < o.weakRimMinUnpaintedCoverage;
}

/** Mean colour of the inner part of a top face. */
function topFaceColor(frame: Frame, planeToImage: readonly number[], cal: Calibration, xMm: number, yMm: number, radiusMm: number): Rgb {
  return meanColour(topFaceSamples(frame, planeToImage, cal.lens, xMm, yMm, radiusMm));
}

/**
 * A disc's measurement, and its top face's rim alone when that was found farther round than
 * the outline but neither well (a last resort: see detectOneSize).
 */
interface Measured {
  fit: SilhouetteFit;
  disagreementMm: number;
  weakTopRim?: SilhouetteFit;
}

/**
 * One disc measured from a candidate: its outline (top face and footprint hull) and its top
 * face's rim alone. The rim is not fooled by a shadow or the side wall; where it is clear all
 * round it measures the disc (also when a shadow hides the outline), and how far the two fits
 * differ adds to the uncertainty.
 */
function measureDisc(
  gray: GrayImage,
  boardToImage: readonly number[],
  topToImage: readonly number[],
  lens: LensModel,
  c: { xMm: number; yMm: number },
  radiusMm: number,
  o: DetectOptions & { edgeHalfBaselinePx?: number; midway?: boolean; neighbours?: readonly NeighbourCircle[] },
): Measured | null {
  const beside = o.neighbours ? { neighbours: o.neighbours } : {};
  const outlineFit = fitSilhouette({ gray, boardToImage, topToImage, lens, xMm: c.xMm, yMm: c.yMm, radiusMm, ...beside }, o);
  if (!o.preferTopRim) return outlineFit ? { fit: outlineFit, disagreementMm: 0 } : null;
  // From a good outline fit, narrowly; else from the candidate (found in the top face's
  // plane), widely: a shadow can drag the outline's fit off the disc.
  const topFrom = (at: { xMm: number; yMm: number }, ranges: readonly number[]) =>
    fitSilhouette({ gray, boardToImage, topToImage, lens, xMm: at.xMm, yMm: at.yMm, radiusMm, topOnly: true, ...beside }, { ...o, rimRangesMm: ranges });
  const outlineGood = outlineFit !== null && outlineFit.coverage >= o.minRimCoverage;
  let topFit = outlineGood ? topFrom(outlineFit, o.rimRangesMm.slice(-2)) : topFrom(c, o.rimRangesMm);
  if ((!topFit || topFit.coverage < o.minTopRimCoverage) && outlineFit && !outlineGood) topFit = topFrom(outlineFit, o.rimRangesMm.slice(-2));
  if (topFit && topFit.coverage >= o.minTopRimCoverage) {
    if (outlineGood) {
      const disagreementMm = Math.hypot(topFit.xMm - outlineFit.xMm, topFit.yMm - outlineFit.yMm);
      const coverage = Math.max(topFit.coverage, outlineFit.coverage);
      // (Midway: see colourRimsMidway.)
      if (o.midway) return { fit: { ...topFit, xMm: (topFit.xMm + outlineFit.xMm) / 2, yMm: (topFit.yMm + outlineFit.yMm) / 2, coverage }, disagreementMm };
      return { fit: { ...topFit, coverage }, disagreementMm };
    }
    return { fit: topFit, disagreementMm: 0 };
  }
  if (!outlineFit) return null;
  // A faint disc's top rim often stands out more than its outline (a low side wall blurs into the board).
  return topFit && topFit.coverage > outlineFit.coverage ? { fit: outlineFit, disagreementMm: 0, weakTopRim: topFit } : { fit: outlineFit, disagreementMm: 0 };
}

/** The plane a disc lies on and the plane of its top face, to ideal pixels. */
interface Planes {
  board: readonly number[];
  top: readonly number[];
}

/**
 * The same measurement in a patch that shows the disc's colour against the board's. `blurred`:
 * also with edges taken as steps across each of colourEdgeHalfBaselinesPx in turn (a
 * motion-blurred colour rim spreads over several pixels), and in a patch without the board's
 * shade too (colourShadeFreePatch), the measurement that found most of the outline kept, with
 * the top rim alone found farthest round. `keep`: the board points its colour is taken from.
 */
function measureInColour(frame: Frame, cal: Calibration, planes: Planes, c: { xMm: number; yMm: number }, radiusMm: number, o: DetectOptions & { neighbours?: readonly NeighbourCircle[] }, blurred = false, keep?: SurroundFilter): Measured | null {
  const top = planes.top;
  const inside = topFaceColor(frame, top, cal, c.xMm, c.yMm, radiusMm);
  const outside = surroundStats(frame, planes.board, cal.lens, c.xMm, c.yMm, radiusMm, keep)?.colour ?? null;
  if (!outside) return null;
  const centre = distortPx(cal.lens, applyHomography(top, c.xMm, c.yMm).x, applyHomography(top, c.xMm, c.yMm).y);
  const edge = distortPx(cal.lens, applyHomography(top, c.xMm + radiusMm, c.yMm).x, applyHomography(top, c.xMm + radiusMm, c.yMm).y);
  const radiusPx = Math.hypot(edge.x - centre.x, edge.y - centre.y);
  const halfSizePx = 2 * radiusPx + 12;
  const patch = contrastPatch(frame, centre.x, centre.y, halfSizePx, inside, outside);
  if (!patch || patch.contrast < o.minColourContrast) return null;
  if (!blurred) {
    const board = intoPatch(planes.board, cal.lens, patch);
    return measureDisc(patch.image, board.h, intoPatch(top, cal.lens, patch).h, board.lens, c, radiusMm, o);
  }
  // Also in the colour difference less the board's own shade: a shadow beside a disc of the
  // board's tone draws an edge in the first patch, none in this one.
  const shadeFree = o.colourShadeFreePatch ? shadeFreePatch(frame, centre.x, centre.y, halfSizePx, inside, outside) : null;
  let best: Measured | null = null;
  let weakTopRim: SilhouetteFit | undefined;
  for (const p of shadeFree && shadeFree.contrast >= o.minColourContrast ? [patch, shadeFree] : [patch]) {
    const board = intoPatch(planes.board, cal.lens, p);
    const topInPatch = intoPatch(top, cal.lens, p);
    let bestHere: Measured | null = null;
    for (const halfBaselinePx of o.colourEdgeHalfBaselinesPx) {
      const m = measureDisc(p.image, board.h, topInPatch.h, board.lens, c, radiusMm, { ...o, edgeHalfBaselinePx: halfBaselinePx, midway: o.colourRimsMidway });
      if (!m) continue;
      if (!bestHere || m.fit.coverage > bestHere.fit.coverage) bestHere = m;
      if (m.weakTopRim && (!weakTopRim || m.weakTopRim.coverage > weakTopRim.coverage)) weakTopRim = m.weakTopRim;
      // A rim found surely with a narrower step is measured by it (it locates the edge better).
      if (bestHere.fit.coverage >= o.sureRimCoverage) break;
    }
    if (bestHere && (!best || bestHere.fit.coverage > best.fit.coverage)) best = bestHere;
  }
  if (!best) return null;
  const { weakTopRim: _own, ...rest } = best;
  return weakTopRim ? { ...rest, weakTopRim } : rest;
}

/**
 * A disc whose colour stands out from the board's measured again in a patch of likeness to its
 * own colour (see likenessPatch), where a shadow or a line beside it cannot join it: from the
 * grey fit, and when that is not sure, from the middle of what looks like the disc too (a
 * candidate found on a disc and its shadow together lies off the disc, and so does every fit
 * started near it). The fit that found more of its outline, or null.
 */
function fitByLikeness(frame: Frame, cal: Calibration, planes: Planes, at: { xMm: number; yMm: number }, disc: Rgb, radiusMm: number, o: DetectOptions): SilhouetteFit | null {
  const topInverse = invert3(planes.top);
  const board = surroundColour(frame, planes.board, cal.lens, at.xMm, at.yMm, radiusMm);
  if (!board) return null;
  const centreIdeal = applyHomography(planes.top, at.xMm, at.yMm);
  const rimIdeal = applyHomography(planes.top, at.xMm + radiusMm, at.yMm);
  const centre = distortPx(cal.lens, centreIdeal.x, centreIdeal.y);
  const edge = distortPx(cal.lens, rimIdeal.x, rimIdeal.y);
  const radiusPx = Math.hypot(edge.x - centre.x, edge.y - centre.y);
  const patch = likenessPatch(frame, centre.x, centre.y, 2 * radiusPx + 12, disc, board);
  if (!patch || patch.contrast < o.likenessMinContrast) return null;
  const boardIn = intoPatch(planes.board, cal.lens, patch);
  const topIn = intoPatch(planes.top, cal.lens, patch);
  const fitFrom = (st: { xMm: number; yMm: number }) => fitSilhouette({ gray: patch.image, boardToImage: boardIn.h, topToImage: topIn.h, lens: boardIn.lens, xMm: st.xMm, yMm: st.yMm, radiusMm }, o);
  const best = fitFrom(at);
  if (best && best.coverage >= o.likenessSureCoverage) return best;
  // Started again from where the disc's colour is, round the grey fit: the middle of the
  // pixels more like the disc than like the board, within a radius and a half.
  let sx = 0;
  let sy = 0;
  let count = 0;
  const reachPx = 1.5 * radiusPx;
  const cx = centre.x - patch.offsetXPx;
  const cy = centre.y - patch.offsetYPx;
  const like = 255 - patch.contrast / 2;
  const img = patch.image;
  for (let y = Math.max(0, Math.floor(cy - reachPx)); y <= Math.min(img.heightPx - 1, Math.ceil(cy + reachPx)); y++) {
    for (let x = Math.max(0, Math.floor(cx - reachPx)); x <= Math.min(img.widthPx - 1, Math.ceil(cx + reachPx)); x++) {
      if ((x - cx) * (x - cx) + (y - cy) * (y - cy) > reachPx * reachPx || img.data[y * img.widthPx + x]! < like) continue;
      sx += x;
      sy += y;
      count++;
    }
  }
  if (count === 0 || !topInverse) return best;
  const seen = undistortPx(cal.lens, sx / count + patch.offsetXPx, sy / count + patch.offsetYPx);
  const from = applyHomography(topInverse, seen.x, seen.y);
  const again = fitFrom({ xMm: from.x, yMm: from.y });
  return again && (!best || again.coverage > best.coverage) ? again : best;
}

/** A candidate seen in the view of the surface's top-face plane, moved to the plane of a lower disc's top face. */
function ditchCandidate(c: Candidate, top: readonly number[], lowerTopInverse: readonly number[]): Candidate {
  const seen = applyHomography(top, c.xMm, c.yMm);
  const p = applyHomography(lowerTopInverse, seen.x, seen.y);
  return { ...c, xMm: p.x, yMm: p.y };
}

export function detectDiscs(cv: CV, input: DetectInput, options: Partial<DetectOptions> = {}): DetectionResult {
  // Pieces of several sizes (carrom's striker) and painted look-alikes: see piece-kinds.ts.
  const tuned = puckDetectOptions(input.profile, input.calibration.pxPerMm, options, DETECT_DEFAULTS);
  const result = detectPieceKinds(
    input,
    (profile, sureMm) => detectOneSize(cv, { ...input, profile, ...(sureMm && sureMm.length > 0 ? { knownMm: [...(input.knownMm ?? []), ...sureMm] } : {}) }, tuned),
    { ...PIECE_KIND_DEFAULTS, flatOverlapFraction: tuned.flatOverlapFraction ?? DETECT_DEFAULTS.flatOverlapFraction, shadeGhostWeight: tuned.shadeGhostWeight ?? DETECT_DEFAULTS.shadeGhostWeight, glareMinLift: tuned.glareMinLift ?? DETECT_DEFAULTS.glareMinLift, glareMaxLiftSpread: tuned.glareMaxLiftSpread ?? DETECT_DEFAULTS.glareMaxLiftSpread, sureRimCoverage: tuned.sureRimCoverage ?? DETECT_DEFAULTS.sureRimCoverage, paintedSpots: tuned.paintedSpots ?? DETECT_DEFAULTS.paintedSpots },
  );
  // What a call may trust is given last: the measurement's own uncertainty is what detection
  // weighs (overlaps, a colour fit's distance).
  const o = { ...DETECT_DEFAULTS, ...tuned };
  // More pieces of a kind than the game has: see piece-counts.ts.
  const extra = new Set(o.capPieceCounts ? beyondPieceCounts(result.discs, input.profile, input.teamCount ?? 2) : []);
  const kept = result.discs.filter((_, i) => !extra.has(i));
  const dropped = result.discs.filter((_, i) => extra.has(i));
  const rejected = [...result.rejected, ...dropped.map((d) => ({ xMm: d.xMm, yMm: d.yMm, reason: `rim ${(d.rimCoverage * 100).toFixed(0)}% found, one ${d.kind} more than the game has` }))];
  return { ...result, rejected, discs: kept.map((d) => ({ ...d, uncertaintyMm: callUncertaintyMm(d, input.calibration, input.profile, o, kept) })) };
}

function detectOneSize(cv: CV, input: DetectInput, options: Partial<DetectOptions>): DetectionResult {
  const o = { ...DETECT_DEFAULTS, ...options };
  const { profile, calibration: cal } = input;
  const piece = profile.pieces[0]!;
  const radiusMm = pieceRadiusMm(profile);
  const top = planeAtHeight(cal, piece.heightMm);
  const view = rectifyPlane(cv, input.gray, top, cal.lens, extentOf(profile), o.rectifiedPxPerMm);
  // A top rim alone is trusted only for plain flat discs: a stone's handle and a puck's cap draw
  // circles on their top faces, and a board whose paint draws circles of a piece's size
  // (carrom's base circles) lends a rim overlapping a painted spot the spot's colour.
  const topRimTrusted = profile.pieces.every((p) => p.kind === 'disc' && !lookAlikes(profile, p.diameterMm / 2).some((l) => !l.hole));
  // A view out of focus is searched and measured for its blur (see blurRefPx), on boards of
  // plain flat discs: elsewhere edges measured wider mix a rim with the circles of a handle, a
  // cap or paint beside it.
  const blur = blurredSearch(topRimTrusted && o.blurRefPx > 0 ? viewBlurPx(view) : 0, cal.pxPerMm / view.pxPerMm, o);
  const looks = lookAlikes(profile, radiusMm);
  // (Not where circles of a piece's size are painted, whose rims a start farther off reaches,
  // carrom's, nor for pucks, looked for in colour: false pieces on both. On carrom not for its
  // striker either, though no circle of its size is painted: in 20 scenes its 270 wide refits
  // found no striker, and cost a sixth of the detection.)
  const pucks = isPuckBoard(profile);
  const wideRestarts = !pucks && !profile.pieces.some((p) => lookAlikes(profile, p.diameterMm / 2).some((l) => !l.hole));
  const painted = looks.filter((l) => !l.hole);
  const sharpGrey = findCandidates(cv, view, radiusMm, o, painted);
  // A blurred view is searched again with houghCanny lowered (see blurRefPx): circles found only
  // then are added (those found already keep their place: a circle moved by the weaker edges
  // would be measured from elsewhere).
  const fineGrey = blur.houghCanny < o.houghCanny
    ? [...sharpGrey, ...findCandidates(cv, view, radiusMm, { ...o, houghCanny: blur.houghCanny }, painted).filter((c) => !sharpGrey.some((k) => Math.hypot(k.xMm - c.xMm, k.yMm - c.yMm) < SAME_CIRCLE_RADII * radiusMm))]
    : sharpGrey;
  // A board seen coarsely: see coarse-view.ts.
  const coarsePxPerMm = isPuckBoard(profile) || !o.coarseView ? null : coarseViewPxPerMm(profile, cal.pxPerMm, o.rectifiedPxPerMm);
  const coarse = new Set(coarsePxPerMm ? coarseCandidates(cv, { gray: input.gray, topToImage: top, lens: cal.lens, extent: extentOf(profile) }, coarsePxPerMm, radiusMm, fineGrey, o) : []);
  const surfaceGrey = [...fineGrey, ...coarse];
  // A dark disc in the dark ditch: see lower-band.ts. (Pucks in a table's gutters are looked for
  // in colour, below; stretched, the gutters' grey drew false pucks.)
  const lowerBand = profile.offSurfaceDropMm > 0 && o.lowerBandMaxGain > 0 && !isPuckBoard(profile) ? findLowerBandCandidates(cv, view, profile, radiusMm, o, surfaceGrey) : null;
  const grey = lowerBand ? [...surfaceGrey, ...lowerBand.candidates] : surfaceGrey;
  // Holes that swallow a piece of this size (carrom's pockets): see swallowedCandidateMarginMm.
  const swallowing = featuresOfKind(profile, 'hole').filter((h) => looks.some((l) => l.hole && l.id === h.id));
  // Pieces are also looked for in colour (see colourCandidates): pucks by their own colour
  // search (puck-candidates.ts), the rest in a view of colour (colour-view.ts).
  const scene = { frame: input.frame, profile, boardToImage: cal.boardToImage, topToImage: top, lens: cal.lens };
  const inColour = isPuckBoard(profile)
    ? colourPuckCandidates(cv, scene, extentOf(profile), radiusMm, grey, o)
    : o.colourCandidates
      ? colourDiscCandidates(cv, scene, extentOf(profile), radiusMm, grey, o)
      : [];
  const candidates = [...grey, ...inColour];
  const rejected: DetectionResult['rejected'] = [];
  const found: Omit<DetectedDisc, 'team'>[] = [];
  // Discs measured by their top face's rim alone, or by a short rim (see below): held to the top rim alone's tests.
  const byTopRimAlone = new WeakSet<object>();
  // Discs measured with their edges taken as steps as wide as a blurred view's (see blurRefPx).
  const byWideSteps = new WeakSet<object>();
  // Discs found from a candidate seen in colour alone, on a board of plain discs (see below).
  const byColourCandidate = new WeakSet<object>();
  // Fits taken though of the board's colour, for the rim they found on one side (see oneSidedRimMinResultant).
  const takenByOneSide = new WeakSet<SilhouetteFit>();
  // Fits refused only for being the board's colour (their candidates, and where the refusal was
  // noted), and those taken again for being the colour of a sure disc (see the second look below).
  const refusedForBoardColour = new WeakMap<SilhouetteFit, { inside: Rgb; board: Rgb | null }>();
  const boardToned: { candidate: (typeof candidates)[number]; entry: DetectionResult['rejected'][number]; inside: Rgb; board: Rgb | null }[] = [];
  // ... and how many discs had been found then (one of its colour found beside it afterwards is
  // left out of the board round it when it is judged again: see surround-off-discs.ts).
  const refusedWithFound: { candidate: (typeof candidates)[number]; entry: DetectionResult['rejected'][number]; inside: Rgb; foundBefore: number }[] = [];
  const takenLikeSureDisc = new WeakSet<SilhouetteFit>();
  let likeSureDisc: ((inside: Rgb, board: Rgb | null) => boolean) | null = null;
  // Round features small enough that their edge draws a one-sided arc round a fit beside them.
  const smallRoundFeatures = profile.features.flatMap((f) => ((f.kind === 'hole' || f.kind === 'ring' || f.kind === 'disk') && f.radiusMm < o.oneSidedRimSmallFeatureRadii * radiusMm ? [{ xMm: f.xMm, yMm: f.yMm, radiusMm: f.radiusMm }] : []));
  // A rim found on one side of a plain flat disc, away from those (see oneSidedRimMinResultant).
  const besideSmallRound = (f: SilhouetteFit): boolean => smallRoundFeatures.some((r) => Math.hypot(f.xMm - r.xMm, f.yMm - r.yMm) < r.radiusMm + 2 * radiusMm);
  const oneSidedRim = (f: SilhouetteFit): boolean => topRimTrusted && o.oneSidedRimMinResultant > 0 && f.rimResultant >= o.oneSidedRimMinResultant && !besideSmallRound(f);
  const plainColourCandidates = new Set(isPuckBoard(profile) ? [] : inColour);
  const paint = paintedLines(profile);
  // Every painted edge (a spot's, a hole's): a top rim alone is held to these too.
  const allPaint = paintEdges(profile);
  const surfacePlanes: Planes = { board: cal.boardToImage, top };
  const drop = profile.offSurfaceDropMm;
  const ditchPlanes: Planes | null = drop > 0 ? { board: planeAtHeight(cal, -drop), top: planeAtHeight(cal, piece.heightMm - drop) } : null;
  const topInverse = invert3(top);
  // A disc off the surface lies lower: its top face, and the floor round it, are on that level.
  const planesAt = (f: { xMm: number; yMm: number }): Planes => (ditchPlanes && !onSurface(profile.surface, f.xMm, f.yMm) ? ditchPlanes : surfacePlanes);
  const ditchTopInverse = ditchPlanes && invert3(ditchPlanes.top);
  // A disc touching a peg: the peg's edges are not the disc's (see peg-neighbours.ts).
  const pegCircles = pegNeighbourCircles(profile, cal, piece.heightMm, o.pegNeighbourMarginMm);
  // The board round a disc in the ditch: the ditch's floor alone (the surface and the rail
  // beside it are other colours).
  const ditchFloorOnly: SurroundFilter | undefined = o.ditchSurroundOnly ? (x, y) => !onSurface(profile.surface, x, y) && insideOutline(profile, x, y) : undefined;
  // The board round a fit whose top face is `inside`, and the filter it was sampled with: at the
  // fit's level, without the discs of its colour found beside it (see surround-off-discs.ts)
  // while enough of the ring is left. (Not round a fit on a hole: an empty pit's floor is a
  // disc's size, and may be of the colour of the discs beside it, which the board round it was like.)
  const offDiscs = { marginFraction: o.surroundFoundDiscMarginFraction, maxColourDistance: o.surroundFoundDiscMaxColourDistance, minApartFraction: o.surroundFoundDiscMinApartFraction };
  const boardRound = (f: { xMm: number; yMm: number }, inside: Rgb): { around: { colour: Rgb; spread: number } | null; keep: SurroundFilter | undefined } => {
    const level = ditchPlanes !== null && !onSurface(profile.surface, f.xMm, f.yMm) ? ditchFloorOnly : undefined;
    const board = planesAt(f).board;
    const offFound = centredOnHole(profile, f.xMm, f.yMm) ? null : surroundOffDiscs(found, { xMm: f.xMm, yMm: f.yMm, radiusMm, rgb: inside }, offDiscs, level);
    const without = offFound && surroundStatsOf(surroundSamples(input.frame, board, cal.lens, f.xMm, f.yMm, radiusMm, offFound));
    if (offFound && without) return { around: without, keep: offFound };
    return { around: surroundStats(input.frame, board, cal.lens, f.xMm, f.yMm, radiusMm, level), keep: level };
  };
  const consider = (candidate: (typeof candidates)[number]): void => {
    // A candidate off the surface (in the ditch) is a disc lying lower: measured on its level
    // from the start, from where the view (made at the surface's disc height) saw its top.
    const inDitch = ditchTopInverse !== null && !onSurface(profile.surface, candidate.xMm, candidate.yMm) && insideOutline(profile, candidate.xMm, candidate.yMm);
    const planes = inDitch && ditchPlanes ? ditchPlanes : surfacePlanes;
    const c = inDitch && ditchTopInverse ? ditchCandidate(candidate, top, ditchTopInverse) : candidate;
    if (!insideOutline(profile, c.xMm, c.yMm)) {
      rejected.push({ xMm: c.xMm, yMm: c.yMm, reason: 'outside the board' });
      return;
    }
    if (input.unchangedAt?.(c.xMm, c.yMm, radiusMm)) {
      rejected.push({ xMm: c.xMm, yMm: c.yMm, reason: 'unchanged since the last rest' });
      return;
    }
    const swallowedBy = swallowing.find((h) => Math.hypot(h.xMm - c.xMm, h.yMm - c.yMm) <= h.radiusMm - radiusMm + o.swallowedCandidateMarginMm);
    if (swallowedBy) {
      rejected.push({ xMm: c.xMm, yMm: c.yMm, reason: `the empty "${swallowedBy.id}" (a piece there would have dropped in)` });
      return;
    }
    if (input.knownMm?.some((k) => Math.hypot(k.xMm - c.xMm, k.yMm - c.yMm) <= o.knownReachFraction * radiusMm)) {
      rejected.push({ xMm: c.xMm, yMm: c.yMm, reason: 'a known disc, unchanged' });
      return;
    }
    const besidePegs = pegCircles.filter((p) => Math.hypot(p.pegXMm - c.xMm, p.pegYMm - c.yMm) < 2 * radiusMm + p.radiusMm);
    const om: typeof o & { neighbours?: readonly NeighbourCircle[] } = besidePegs.length > 0 ? { ...o, neighbours: besidePegs } : o;
    // Started from the candidate and from around it: a fit can settle on a shadow's edge, and
    // fits from several starts that settle apart with as much rim found are an ambiguity the
    // uncertainty must carry.
    const starts = [c, ...[0, 1, 2, 3].map((k) => ({ xMm: c.xMm + o.restartOffsetFraction * radiusMm * Math.cos((k * Math.PI) / 2), yMm: c.yMm + o.restartOffsetFraction * radiusMm * Math.sin((k * Math.PI) / 2) }))];
    const measureFrom = (oo: typeof om) => starts.map((st) => measureDisc(input.gray, planes.board, planes.top, cal.lens, st, radiusMm, oo)).filter((t): t is NonNullable<typeof t> => t !== null).sort((a, b) => b.fit.coverage - a.fit.coverage || a.fit.rmsMm - b.fit.rmsMm);
    const sharpTries = measureFrom(om);
    let tries = sharpTries;
    // A blurred view (see blurRefPx): a rim found too little round is measured again as steps
    // about the blur wide (a rim found enough is placed closer by the sharp steps).
    let wideTries: typeof tries | null = null;
    if (blur.fits.edgeHalfBaselinePx !== undefined && !((tries[0]?.fit.coverage ?? 0) >= o.minRimCoverage)) {
      wideTries = measureFrom({ ...om, ...blur.fits });
      if ((wideTries[0]?.fit.coverage ?? 0) > (tries[0]?.fit.coverage ?? 0)) tries = wideTries;
    }
    let rim = tries[0] ?? null;
    if (rim) {
      const best = rim;
      const rivals = tries.filter((t) => t.fit.coverage >= o.rivalCoverageShare * best.fit.coverage);
      const spreadMm = Math.max(0, ...rivals.map((t) => Math.hypot(t.fit.xMm - best.fit.xMm, t.fit.yMm - best.fit.yMm)));
      rim = { ...best, disagreementMm: Math.max(best.disagreementMm, spreadMm) };
      // A disc by its outline whose top rim alone, from some start, was found farther round:
      // two measurements of one disc settled apart (a line or a shadow beside it draws part of
      // an outline). The one that found more measures it; their distance is an ambiguity the
      // uncertainty carries.
      const weakTop = tries.map((t) => t.weakTopRim).filter((f): f is SilhouetteFit => f !== undefined).sort((a, b) => b.coverage - a.coverage)[0];
      if (o.weighWeakTopRim && topRimTrusted && best.fit.coverage >= o.minRimCoverage && weakTop && weakTop.coverage > best.fit.coverage) {
        rim = { fit: weakTop, disagreementMm: Math.max(rim.disagreementMm, Math.hypot(weakTop.xMm - best.fit.xMm, weakTop.yMm - best.fit.yMm)) };
      }
    }
    // (Not when measured already as wide for the view's own blur: see blurRefPx.)
    if (rim && rim.fit.coverage >= o.blurredRetryMinCoverage && rim.fit.coverage < o.minRimCoverage && !(tries === wideTries && (blur.fits.edgeHalfBaselinePx ?? 0) >= o.blurredEdgeHalfBaselinePx)) {
      // Too little rim found: the image may be blurred (see DETECT_DEFAULTS.blurredEdgeHalfBaselinePx).
      const blurred = measureDisc(input.gray, planes.board, planes.top, cal.lens, rim.fit, radiusMm, { ...om, edgeHalfBaselinePx: o.blurredEdgeHalfBaselinePx });
      if (blurred && blurred.fit.coverage >= rim.fit.coverage + o.blurredEdgeMinCoverageGain) rim = blurred;
    }
    if (wideRestarts && rim && rim.fit.coverage >= o.wideRestartMinCoverage && rim.fit.coverage < o.wideRestartMaxCoverage) {
      // Little rim found: the candidate may lie between a disc and its shadow (Hough's circle
      // through both), too far off for the fit to reach the disc, or on the shadow itself. Started
      // farther round it; the fit that found more wins, and one about as good elsewhere is an
      // ambiguity the uncertainty carries.
      const around = rim;
      const wide = Array.from({ length: o.wideRestarts }, (_, k) => (2 * Math.PI * k) / o.wideRestarts)
        .map((a) => measureDisc(input.gray, planes.board, planes.top, cal.lens, { xMm: c.xMm + o.wideRestartOffsetFraction * radiusMm * Math.cos(a), yMm: c.yMm + o.wideRestartOffsetFraction * radiusMm * Math.sin(a) }, radiusMm, om))
        .filter((t): t is Measured => t !== null)
        .sort((a, b) => b.fit.coverage - a.fit.coverage || a.fit.rmsMm - b.fit.rmsMm)[0];
      // (A fit that already found a disc's share of rim gives way only to a sure one: the rim of
      // the hole beside a disc draws, with the disc's, a weak circle farther off.)
      const replaces = wide !== undefined && wide.fit.coverage > around.fit.coverage && wide.fit.coverage >= (around.fit.coverage >= o.minRimCoverage ? o.sureRimCoverage : o.minRimCoverage);
      if (wide && (replaces || wide.fit.coverage >= o.minRimCoverage)) {
        const apartMm = Math.hypot(wide.fit.xMm - around.fit.xMm, wide.fit.yMm - around.fit.yMm);
        const [better, worse] = replaces ? [wide, around] : [around, wide];
        const rival = worse.fit.coverage >= o.minRimCoverage && worse.fit.coverage >= o.rivalCoverageShare * better.fit.coverage;
        rim = { ...better, disagreementMm: Math.max(better.disagreementMm, rival ? apartMm : 0) };
      }
    }
    if (rim && rim.fit.coverage >= o.minRimCoverage && rim.fit.coverage < o.sureRimCoverage) {
      // A weak fit may be a shadow's edge with a faint disc beside it: a top rim found from the
      // candidate, about as far round, settled elsewhere is an ambiguity the uncertainty carries.
      const topRim = fitSilhouette({ gray: input.gray, boardToImage: planes.board, topToImage: planes.top, lens: cal.lens, xMm: c.xMm, yMm: c.yMm, radiusMm, topOnly: true, ...(om.neighbours ? { neighbours: om.neighbours } : {}) }, o);
      if (topRim && topRim.coverage >= o.minRimCoverage) {
        rim = { ...rim, disagreementMm: Math.max(rim.disagreementMm, Math.hypot(topRim.xMm - rim.fit.xMm, topRim.yMm - rim.fit.yMm)) };
      }
    }
    if (inDitch && lowerBand && lowerBand.gain > 1 && (!rim || rim.fit.coverage < o.minRimCoverage)) {
      // In the dark ditch a rim's edges are weaker by the gain its candidates were looked for with.
      const faint = { ...o, minRimResponse: o.minRimResponse / lowerBand.gain };
      const again = starts.map((st) => measureDisc(input.gray, planes.board, planes.top, cal.lens, st, radiusMm, faint)).filter((t): t is Measured => t !== null).sort((a, b) => b.fit.coverage - a.fit.coverage)[0];
      if (again && (!rim || again.fit.coverage > rim.fit.coverage) && holdsLowerBandDisc(profile, again.fit.xMm, again.fit.yMm, radiusMm)) rim = again;
    }
    // A candidate seen in colour alone is of a disc whose colour, not brightness, stands out: its
    // rim is looked for in colour under blur too, and its top face's rim found there farther
    // round than the outline may measure it (see the top rim alone below).
    const seenInColour = plainColourCandidates.has(candidate);
    let colourTopRim: SilhouetteFit | undefined;
    // A grey fit that holds, outdone in colour (a disc of about the board's grey whose shadow drew
    // part of its outline): see colourOverGreyUncertaintyFloorMm.
    let colourOverGrey = false;
    // Measured in colour with the blur's steps (see blurColourSteps): placed as a colour
    // candidate's fit is (see colourCandidateUncertaintyFloorMm).
    let blurredColourFit = false;
    if (!rim || rim.fit.coverage < o.colourRetryBelowCoverage) {
      // No outline in grey, or little: look in colour, on the axis from the board's colour to the disc's.
      // (Round a disc in the ditch, the board is the ditch's floor alone, as in the colour test below.
      // In a blurred view, with steps as wide as the blur's too: see blurColourSteps.)
      const greyHolds = rim !== null && rim.fit.coverage >= o.minRimCoverage;
      const blurWide = !seenInColour && !greyHolds && o.blurColourSteps ? blur.fits.edgeHalfBaselinePx : undefined;
      const colourOptions = blurWide === undefined ? om : { ...om, colourEdgeHalfBaselinesPx: [o.colourEdgeHalfBaselinesPx[0]!, blurWide] };
      const byColour = measureInColour(input.frame, cal, planes, c, radiusMm, colourOptions, seenInColour || blurWide !== undefined, inDitch ? ditchFloorOnly : undefined);
      if (byColour && byColour.fit.coverage >= (greyHolds ? o.colourOverGreyMinCoverage : o.minRimCoverage) && (!rim || byColour.fit.coverage > rim.fit.coverage)) {
        rim = byColour;
        colourOverGrey = greyHolds;
        blurredColourFit = blurWide !== undefined;
      }
      if (seenInColour) colourTopRim = byColour?.weakTopRim;
    }
    // A disc lying in a hole is sunk: measured as if on the surface, its centre appears where
    // the camera's parallax puts the hole's centre seen at the sunk disc's height. The hole's
    // rim hides part of it, so it is not measured again; it is in the hole.
    const settle = (f: SilhouetteFit): SilhouetteFit => {
      let settled = f;
      for (const h of profile.features) {
        if (h.kind !== 'hole' || !h.depthMm || h.radiusMm < radiusMm) continue;
        const seenAt = applyHomography(planeAtHeight(cal, piece.heightMm - h.depthMm), h.xMm, h.yMm);
        if (!topInverse) continue;
        const expected = applyHomography(topInverse, seenAt.x, seenAt.y);
        if (Math.hypot(settled.xMm - expected.x, settled.yMm - expected.y) <= o.inHoleToleranceMm) {
          settled = { ...settled, xMm: h.xMm, yMm: h.yMm };
        }
      }
      // Off the playing surface a disc lies lower (in the ditch): measure it on that level.
      if (ditchPlanes && !inDitch && !onSurface(profile.surface, settled.xMm, settled.yMm)) {
        const lower = fitSilhouette({ gray: input.gray, boardToImage: ditchPlanes.board, topToImage: ditchPlanes.top, lens: cal.lens, xMm: settled.xMm, yMm: settled.yMm, radiusMm }, o);
        if (lower && !onSurface(profile.surface, lower.xMm, lower.yMm)) settled = lower;
      }
      return settled;
    };
    // Why a fit is not a disc, or null. Wood grain and paint strokes make partial circles too:
    // a fit that found little of its rim must also differ in colour from the board round it,
    // by more than the board itself varies there (strong grain does).
    const rejection = (f: SilhouetteFit, strict: boolean, leastCoverage = o.minRimCoverage): string | null => {
      if (f.coverage < leastCoverage) return `rim ${(f.coverage * 100).toFixed(0)}% found`;
      if (ditchPlanes && !onSurface(profile.surface, f.xMm, f.yMm) && !holdsLowerBandDisc(profile, f.xMm, f.yMm, radiusMm)) return 'off the surface and less than a radius inside the outline (on the rail)';
      const block = blockHolding(profile, f.xMm, f.yMm);
      if (block) return `centred inside the block "${block}" (solid there, or hiding a disc under it)`;
      // (So is a fit found little farther round than that whose face has grain or paint in it: a
      // circle drawn by the grain and a line or two, which a disc's smooth face is not. Not a
      // puck's: its cap's rings texture its face.)
      const texturedFace = () => !pucks && f.coverage < o.texturedSureMaxCoverage && faceGradientEnergy(input.gray, planesAt(f).top, cal.lens, f.xMm, f.yMm, radiusMm, o.texturedFaceInnerFraction) > o.texturedSureMinGradientEnergy;
      if (f.coverage < o.sureRimCoverage || strict || texturedFace()) {
        if (rimMostlyPaint(strict ? allPaint : paint, f, radiusMm, o)) return `rim ${(f.coverage * 100).toFixed(0)}% found, mostly along the board's paint`;
        const inside = topFaceColor(input.frame, planesAt(f).top, cal, f.xMm, f.yMm, radiusMm);
        // (Round a disc in the ditch, the ditch's floor alone: see ditchFloorOnly.)
        const { around, keep } = boardRound(f, inside);
        const colourDistance = around ? Math.hypot(inside[0] - around.colour[0], inside[1] - around.colour[1], inside[2] - around.colour[2]) : 0;
        // (The lower floor for plain flat discs only: where pieces of several kinds are told apart, a
        // faint fit of one kind's size lets that kind claim a piece of another.)
        const floor = strict || !topRimTrusted ? o.minColourContrast : o.weakRimMinColourDistance;
        if (colourDistance < Math.max(floor, (strict ? o.topRimAloneBoardSpreads : o.weakRimBoardSpreads) * (around?.spread ?? 0))) {
          // A board of many colours round it (a curling house's rings, other stones) spreads its
          // samples as far as a disc differs: the disc is not the board's when it is far from
          // their median and no quarter of them is like it.
          const unlike = !strict && around !== null && around.spread > o.mixedSurroundMinSpread && colourDistance > o.unlikeSurroundMinDistance && (nearestQuarterDistance(input.frame, planesAt(f).board, cal.lens, f.xMm, f.yMm, radiusMm, inside, keep) ?? 0) > o.unlikeSurroundMinDistance;
          if (!unlike) {
            if (!strict && oneSidedRim(f)) takenByOneSide.add(f);
            else if (!strict && !besideSmallRound(f) && likeSureDisc?.(inside, around?.colour ?? null)) takenLikeSureDisc.add(f);
            else {
              if (!strict) refusedForBoardColour.set(f, { inside, board: around?.colour ?? null });
              return `rim ${(f.coverage * 100).toFixed(0)}% found and the colour is the board's`;
            }
          }
        }
      }
      if (Math.abs(f.radiusMm - radiusMm) > o.radiusTolerance * radiusMm) return `radius ${f.radiusMm.toFixed(1)} mm is not a disc's`;
      return null;
    };
    let disagreementMm = rim?.disagreementMm ?? 0;
    let fit = rim ? settle(rim.fit) : null;
    if (fit && rim && (holeHolding(profile, fit.xMm, fit.yMm, radiusMm)?.depthMm ?? 0) > 0 && !holeMatching(profile, fit.xMm, fit.yMm, fit.radiusMm, radiusMm)) {
      // Settled into a hole a disc sinks in, a disc's size (not the empty hole's edge): a disc
      // leaning over the hole's edge, lying a radius or so off its centre, draws with the hole's
      // rim a circle round the centre that holds the fit. Fitted again from round the hole, such
      // a disc is found much farther round its outline. (Not in a hole without a depth, where
      // no disc sinks: PitRush's pits, carrom's pockets. In 20 PitRush scenes 298 such refits
      // found no disc, and cost a seventh of the detection.)
      const around = fit;
      const leaning = Array.from({ length: o.leaningStarts }, (_, k) => (2 * Math.PI * k) / o.leaningStarts)
        .map((a) => measureDisc(input.gray, planes.board, planes.top, cal.lens, { xMm: around.xMm + o.leaningStartMm * Math.cos(a), yMm: around.yMm + o.leaningStartMm * Math.sin(a) }, radiusMm, om))
        // (Not where a disc sunk in the hole appears: seen from a steep camera, measured on the
        // surface's level, it lies off the hole's centre by more than a hole can hold.)
        .filter((t): t is Measured => {
          if (t === null || holeHolding(profile, t.fit.xMm, t.fit.yMm, radiusMm)) return false;
          const settled = settle(t.fit);
          return !holeHolding(profile, settled.xMm, settled.yMm, radiusMm);
        })
        .sort((a, b) => b.fit.coverage - a.fit.coverage)[0];
      if (leaning && leaning.fit.coverage >= o.sureRimCoverage && leaning.fit.coverage >= around.coverage + o.leaningCoverageGain) {
        fit = leaning.fit;
        disagreementMm = leaning.disagreementMm;
      }
    }
    let topRimAlone = false;
    let reason = fit ? rejection(fit, false) : 'no rim';
    const byOneSide = reason === null && fit !== null && takenByOneSide.has(fit);
    const likeSure = reason === null && fit !== null && takenLikeSureDisc.has(fit);
    if (reason) {
      // Not a disc by its outline: by its top face's rim alone, where that was found farther
      // round (a faint disc's), held to a stricter colour test (grain draws such rims too).
      // (In a blurred view, the top rims found with either steps: see blurRefPx.)
      const weakTop = [...sharpTries.map((t) => t.weakTopRim), ...(wideTries ?? []).map((t) => t.weakTopRim), colourTopRim].filter((f): f is SilhouetteFit => f !== undefined).sort((a, b) => b.coverage - a.coverage || a.rmsMm - b.rmsMm)[0];
      const alt = weakTop && weakTop.coverage >= o.minRimCoverage && topRimTrusted ? settle(weakTop) : null;
      if (alt && rejection(alt, true) === null) {
        fit = alt;
        topRimAlone = true;
        disagreementMm = 0;
        reason = null;
      }
    }
    let shortRim = false;
    if (reason && fit && topRimTrusted && o.shortRimMinCoverage > 0 && fit.coverage >= o.shortRimMinCoverage && fit.coverage < o.minRimCoverage && fit.rmsMm <= o.shortRimMaxRmsMm) {
      // A little less of a rim than a disc's: a disc blurred into the board, or half in shadow,
      // whose face is one colour and stands out as a top rim alone must (see shortRimMinCoverage).
      const plainFace = topFaceSpread(input.frame, planesAt(fit).top, cal.lens, fit.xMm, fit.yMm, radiusMm) <= o.shortRimMaxFaceSpread;
      if (plainFace && rejection(fit, true, o.shortRimMinCoverage) === null) {
        shortRim = true;
        reason = null;
      }
    }
    if (!reason && fit && coarse.has(candidate) && fit.coverage < COARSE_VIEW_DEFAULTS.minRimCoverage) reason = `rim ${(fit.coverage * 100).toFixed(0)}% found from a coarse view's candidate`;
    if (!fit || reason) {
      const colours = fit ? refusedForBoardColour.get(fit) : undefined;
      const entry: DetectionResult['rejected'][number] = { xMm: fit?.xMm ?? c.xMm, yMm: fit?.yMm ?? c.yMm, reason: reason ?? 'no rim' };
      if (colours) {
        boardToned.push({ candidate, entry, ...colours });
        refusedWithFound.push({ candidate, entry, inside: colours.inside, foundBefore: found.length });
      }
      rejected.push(entry);
      return;
    }
    // Two candidates on one disc: the fit that found more of its rim is the disc (the other
    // may have been dragged by a shadow).
    const at = fit;
    const dup = found.findIndex((f) => Math.hypot(f.xMm - at.xMm, f.yMm - at.yMm) < o.duplicateFraction * radiusMm);
    // (Edges taken as wider steps find more of a rim: a disc measured so gives way to one measured
    // with the sharp steps, and is not preferred to it however far round it was found.)
    const wideSteps = wideTries !== null && tries === wideTries;
    if (dup >= 0) {
      const other = found[dup]!;
      const keepOther = byWideSteps.has(other) === wideSteps ? other.rimCoverage >= fit.coverage : wideSteps;
      if (keepOther) return;
    }
    const emptyHole = holeMatching(profile, fit.xMm, fit.yMm, fit.radiusMm, radiusMm);
    if (emptyHole) {
      rejected.push({ xMm: fit.xMm, yMm: fit.yMm, reason: `the edge of ${emptyHole}, not a disc` });
      return;
    }
    const hole = holeHolding(profile, fit.xMm, fit.yMm, radiusMm);
    let rgb = topFaceColor(input.frame, planesAt(fit).top, cal, fit.xMm, fit.yMm, radiusMm);
    const uncertaintyOf = (f: SilhouetteFit, disagreement: number) =>
      Math.max(o.uncertaintyFloorMm, (3 * f.rmsMm) / Math.sqrt(Math.max(1, f.inliers / 2)), o.leaveOutFactor * f.leaveOutSpreadMm, disagreement);
    // (Plain flat discs only: a stone's handle or a puck's cap is not the colour of its rim.)
    if (topRimTrusted && !hole && onSurface(profile.surface, fit.xMm, fit.yMm)) {
      const second = fitByLikeness(input.frame, cal, planes, fit, rgb, radiusMm, o);
      const apartMm = second ? Math.hypot(second.xMm - fit.xMm, second.yMm - fit.yMm) : 0;
      if (second && apartMm > uncertaintyOf(fit, disagreementMm)) {
        if (second.coverage >= o.likenessSureCoverage && second.coverage >= fit.coverage + o.likenessCoverageGain && onSurface(profile.surface, second.xMm, second.yMm)) {
          // Found clearly farther round its outline in its own colour, and farther off than the
          // grey fit allows: that fit was dragged (by a shadow, a line), and the disc is where
          // its colour puts it.
          // (A grey fit that was itself sure is not simply overruled: how far its colour moved it
          // is an ambiguity the uncertainty carries.)
          disagreementMm = fit.coverage >= o.sureRimCoverage ? Math.max(o.likenessUncertaintyFloorMm, apartMm) : o.likenessUncertaintyFloorMm;
          fit = { ...second, radiusMm: fit.radiusMm };
          rgb = topFaceColor(input.frame, planesAt(fit).top, cal, fit.xMm, fit.yMm, radiusMm);
        } else if (second.coverage >= fit.coverage) {
          // As far round in its own colour, settled elsewhere: an ambiguity the uncertainty carries.
          disagreementMm = Math.max(disagreementMm, apartMm);
        }
      }
    }
    // (A face of several colours: see mixed-face.ts.)
    let reachMm = 0;
    if (topRimTrusted && !hole && o.mixedFaceMaxCoverage > 0 && fit.coverage < o.mixedFaceMaxCoverage && onSurface(profile.surface, fit.xMm, fit.yMm)) {
      const face = topFaceSamples(input.frame, planesAt(fit).top, cal.lens, fit.xMm, fit.yMm, radiusMm);
      if (sampleSpread(face) > o.mixedFaceMinSpread) {
        const board = surroundColour(input.frame, planes.board, cal.lens, fit.xMm, fit.yMm, radiusMm);
        const unlike = board && unlikeBoardColour(face, board);
        const moved = unlike ? fitByLikeness(input.frame, cal, planes, fit, unlike, radiusMm, o) : null;
        const plain = moved !== null && moved.coverage >= o.likenessSureCoverage && onSurface(profile.surface, moved.xMm, moved.yMm) && topFaceSpread(input.frame, planesAt(moved).top, cal.lens, moved.xMm, moved.yMm, radiusMm) <= o.mixedFaceMinSpread;
        if (!plain) {
          // Nothing disc-like where its colour is: a fit that took part of a disc's rim for its own lies
          // within two radii of it, or on no disc at all. Its call is left to a person (given after
          // detection: overlaps weigh the measurement's own uncertainty).
          reachMm = o.mixedFaceReachFraction * radiusMm;
        } else if (found.some((f) => Math.hypot(f.xMm - moved.xMm, f.yMm - moved.yMm) < o.duplicateFraction * radiusMm)) {
          rejected.push({ xMm: fit.xMm, yMm: fit.yMm, reason: 'a fit beside a disc found already' });
          return;
        } else {
          disagreementMm = Math.max(o.likenessUncertaintyFloorMm, disagreementMm);
          fit = { ...moved, radiusMm: fit.radiusMm };
          rgb = topFaceColor(input.frame, planesAt(fit).top, cal, fit.xMm, fit.yMm, radiusMm);
        }
      }
    }
    // (A face textured like grain: see face-texture.ts.)
    // Textured far beyond any disc's face (painted art, a painted number), it is no disc at all.
    if (topRimTrusted && !hole && fit.coverage < o.texturedFaceMaxCoverage && onSurface(profile.surface, fit.xMm, fit.yMm) && !faceOverHoleEdge(profile, fit.xMm, fit.yMm, radiusMm)) {
      const energy = faceGradientEnergy(input.gray, planesAt(fit).top, cal.lens, fit.xMm, fit.yMm, radiusMm, o.texturedFaceInnerFraction);
      if (energy > o.texturedFaceNoDiscGradientEnergy) {
        rejected.push({ xMm: fit.xMm, yMm: fit.yMm, reason: `rim ${(fit.coverage * 100).toFixed(0)}% found, its face textured like paint or grain` });
        return;
      }
      if (reachMm === 0 && energy > o.texturedFaceMinGradientEnergy) reachMm = o.mixedFaceReachFraction * radiusMm;
    }
    if (likeSure && reachMm > 0) {
      // Vouched for by a sure disc's colour alone, a disc of the board's wood shows a plain face:
      // one of several colours, or textured, is grain's and a line's (or a glare's), not a disc's.
      rejected.push({ xMm: fit.xMm, yMm: fit.yMm, reason: `rim ${(fit.coverage * 100).toFixed(0)}% found, a sure disc's colour but its face mixed or textured` });
      return;
    }
    // (A grained face of the board's own hue and light: see board-hued-face.ts. A puck's cap
    // textures its face, so a weak puck is held to this test however plain its face.)
    if ((reachMm > 0 || (pucks && fit.coverage < o.boardHuedPuckMaxCoverage)) && boardHuedFace(input.frame, planesAt(fit).board, cal.lens, fit.xMm, fit.yMm, radiusMm, rgb, o)) {
      rejected.push({ xMm: fit.xMm, yMm: fit.yMm, reason: `rim ${(fit.coverage * 100).toFixed(0)}% found, its face grained and the board's own hue and light` });
      return;
    }
    const topPx = applyHomography(planesAt(fit).top, fit.xMm, fit.yMm);
    const topSeen = distortPx(cal.lens, topPx.x, topPx.y);
    if (dup >= 0) found.splice(dup, 1);
    const disc: Omit<DetectedDisc, 'team'> = {
      xMm: hole ? hole.xMm : fit.xMm,
      yMm: hole ? hole.yMm : fit.yMm,
      state: hole ? 'in-hole' : 'on-board',
      radiusMm: fit.radiusMm,
      uncertaintyMm: Math.max(uncertaintyOf(fit, disagreementMm), seenInColour || blurredColourFit ? o.colourCandidateUncertaintyFloorMm : 0, colourOverGrey ? o.colourOverGreyUncertaintyFloorMm : 0, byOneSide ? o.oneSidedRimUncertaintyFloorMm : 0, likeSure ? o.likeSureDiscUncertaintyFloorMm : 0),
      color: hexOf(rgb),
      rgb,
      kind: piece.kind,
      confidence: Math.min(1, fit.coverage) * Math.min(1, fit.contrast / 30),
      topCentreXPx: topSeen.x,
      topCentreYPx: topSeen.y,
      rimRmsMm: fit.rmsMm,
      rimCoverage: fit.coverage,
      ...(reachMm > 0 ? { reachMm } : {}),
    };
    found.push(disc);
    if (topRimAlone || shortRim || byOneSide || likeSure) byTopRimAlone.add(disc);
    if (seenInColour) byColourCandidate.add(disc);
    if (wideSteps) byWideSteps.add(disc);
  };
  for (const candidate of candidates) consider(candidate);
  // A fit refused for the board's colour beside which a disc was found later is judged again,
  // without that disc in the board round it (see surround-off-discs.ts).
  // (Only where the board round it, without them, stands out from it by the loosest of the colour
  // tests in rejection: measuring a candidate again costs what measuring it did.)
  const standsOutWithout = (r: (typeof refusedWithFound)[number]): boolean => {
    const { around } = boardRound(r.entry, r.inside);
    if (!around) return false;
    const distance = Math.hypot(r.inside[0] - around.colour[0], r.inside[1] - around.colour[1], r.inside[2] - around.colour[2]);
    const least = Math.max(Math.min(o.minColourContrast, o.weakRimMinColourDistance), Math.min(o.weakRimBoardSpreads, o.topRimAloneBoardSpreads) * around.spread);
    return around.spread > o.mixedSurroundMinSpread || distance >= least;
  };
  const besideLater = refusedWithFound.filter((r) => found.slice(r.foundBefore).some((d) => reachesSurround(d, { xMm: r.entry.xMm, yMm: r.entry.yMm, radiusMm, rgb: r.inside }, offDiscs)) && standsOutWithout(r));
  for (const r of besideLater) {
    rejected.splice(rejected.indexOf(r.entry), 1);
    boardToned.splice(boardToned.findIndex((b) => b.entry === r.entry), 1);
  }
  for (const r of besideLater) consider(r.candidate);
  // A fit refused only for being the board's colour is looked at again once the sure discs are
  // known: a team playing discs of the board's wood is seen in them (see likeSureDiscMaxColourDistance).
  if (topRimTrusted && o.likeSureDiscMaxColourDistance > 0 && boardToned.length > 0) {
    const sure = found.filter((f) => f.state === 'on-board' && f.rimCoverage >= o.likeSureDiscMinRimCoverage).map((f) => f.rgb);
    if (sure.length > 0) {
      likeSureDisc = (inside, board) => {
        const nearest = Math.min(...sure.map((s) => colourDistance(inside, s)));
        return nearest <= o.likeSureDiscMaxColourDistance && (board === null || nearest < colourDistance(inside, board));
      };
      // (Only those whose colours pass are measured again: the measurement is the same.)
      const again = boardToned.splice(0).filter((b) => likeSureDisc!(b.inside, b.board));
      for (const { entry } of again) rejected.splice(rejected.indexOf(entry), 1);
      for (const { candidate } of again) consider(candidate);
    }
  }
  // A puck's fit dragged half onto its shadow: the puck is looked for again round it (see pucks.ts).
  if (pucks) for (const c of besideTwoToned(profile, input.frame, surfacePlanes, cal.lens, found, radiusMm)) consider(c);
  // Discs lying flat cannot overlap: a rim found by the top face alone (or a short rim, or one
  // found on one side only) that overlaps another disc is a circle drawn by that disc's edge and
  // the grain beside it.
  for (let i = found.length - 1; i >= 0; i--) {
    const f = found[i]!;
    if (byTopRimAlone.has(f) && found.some((g) => g !== f && !byTopRimAlone.has(g) && Math.hypot(g.xMm - f.xMm, g.yMm - f.yMm) < o.topRimAloneOverlapFraction * radiusMm)) {
      rejected.push({ xMm: f.xMm, yMm: f.yMm, reason: 'a top rim alone, a short rim or a rim found on one side only, overlapping another disc' });
      found.splice(i, 1);
    }
  }
  // Nor can a disc found from a colour candidate and one overlapping it: a grey fit beside a dark
  // disc dragged onto its shadow, or a colour fit onto a neighbour's. The one whose rim was found
  // less far round is not a disc (a disc in a hole lies below the others, and is left be).
  const overlapping = (f: (typeof found)[number], g: (typeof found)[number]) =>
    f !== g && f.state !== 'in-hole' && g.state !== 'in-hole' && (byColourCandidate.has(f) || byColourCandidate.has(g)) && Math.hypot(g.xMm - f.xMm, g.yMm - f.yMm) < o.colourOverlapFraction * radiusMm;
  for (;;) {
    const f = found.find((a) => found.some((b) => overlapping(a, b)));
    const g = f && found.find((b) => overlapping(f, b));
    if (!f || !g) break;
    const lesser = g.rimCoverage < f.rimCoverage ? g : f;
    rejected.push({ xMm: lesser.xMm, yMm: lesser.yMm, reason: 'overlapping a disc whose rim was found farther round' });
    found.splice(found.indexOf(lesser), 1);
  }
  // Circles drawn by a painted band as wide as a disc (a house's ring): see painted-bands.ts.
  const bands = o.paintBandMaxRimCoverage > 0 ? paintedBands(profile, radiusMm, o.paintBandWidthRadii[0], o.paintBandWidthRadii[1]) : [];
  for (let i = found.length - 1; i >= 0 && bands.length > 0; i--) {
    const f = found[i]!;
    if (f.state !== 'on-board' || f.rimCoverage >= o.paintBandMaxRimCoverage) continue;
    const band = bandCentredAt(bands, f.xMm, f.yMm, o.paintBandCentreRadii * radiusMm);
    const paint = band && bandColour(input.frame, surfacePlanes.board, cal.lens, band, found, 1.5 * radiusMm);
    if (!paint || colourDistance(f.rgb, paint) > o.paintBandMaxColourDistance) continue;
    rejected.push({ xMm: f.xMm, yMm: f.yMm, reason: `rim ${(f.rimCoverage * 100).toFixed(0)}% found, a circle of a painted band in the band's colour` });
    found.splice(i, 1);
  }
  // Painted numbers and shadows taken for pucks: see pucks.ts.
  if (isPuckBoard(profile)) rejected.push(...dropPuckLookAlikes({ profile, frame: input.frame, planes: surfacePlanes, lens: cal.lens }, found, radiusMm));
  // An empty hole's dark floor fits a disc's rim as well as a sunk disc does. A dark "disc"
  // in a hole whose colour is like no disc on the board (nor like a given team colour) is
  // taken for the floor.
  const reference = [...found.filter((f) => f.state === 'on-board').map((f) => f.rgb), ...(input.teamColors ?? [])];
  for (let i = found.length - 1; i >= 0; i--) {
    const f = found[i]!;
    if (f.state !== 'in-hole') continue;
    // A floor of the board's own wood: its colour is the board's round the hole, closer than any disc's is.
    const cup = cupAt(profile, f.xMm, f.yMm);
    const woodFloor = cup !== null && boardColouredFloor(input.frame, cal.boardToImage, cal.lens, f, cup.radiusMm, o.holeFloorMaxBoardDistance);
    const luma = 0.299 * f.rgb[0] + 0.587 * f.rgb[1] + 0.114 * f.rgb[2];
    // A dark floor shaded like one (also where a team's discs are as dark: black ones).
    if (luma < o.holeFloorMaxLuma && shadedFloor(input.gray, cal, profile, f, radiusMm, { minShadeRatio: o.holeFloorMinShadeRatio, minRingSpread: o.holeFloorMinRingSpread })) {
      rejected.push({ xMm: f.xMm, yMm: f.yMm, reason: 'the shaded floor of an empty hole, not a disc' });
      found.splice(i, 1);
      continue;
    }
    if (reference.length === 0 && !woodFloor) continue;
    const nearest = Math.min(...reference.map((r) => Math.hypot(r[0] - f.rgb[0], r[1] - f.rgb[1], r[2] - f.rgb[2])));
    if (woodFloor || (luma < o.holeFloorMaxLuma && nearest > o.holeFloorMinColourDistance)) {
      rejected.push({ xMm: f.xMm, yMm: f.yMm, reason: 'the floor of an empty hole, not a disc' });
      found.splice(i, 1);
    }
  }
  // (A hole's dark floor fitted as a disc leaning into it: see hole-overlaps.ts.)
  const sinking = featuresOfKind(profile, 'hole').filter((h) => (h.depthMm ?? 0) > 0);
  for (const i of o.darkFloorOverOpening ? darkFloorsOverOpenings(found, sinking, input.teamColors ?? [], o).reverse() : []) {
    rejected.push({ xMm: found[i]!.xMm, yMm: found[i]!.yMm, reason: "a hole's dark floor, not a disc leaning into it" });
    found.splice(i, 1);
  }
  // (An empty hole, its floor in view beside a disc leaning over it: see hole-overlaps.ts.)
  const emptied = o.emptyOpeningBesideLeaning
    ? sinking.flatMap((h) => {
        const depthMm = h.depthMm ?? 0;
        const view = { frame: input.frame, lens: cal.lens, sunkTopToImage: planeAtHeight(cal, piece.heightMm - depthMm), leaningPlanesToImage: [top, cal.boardToImage, planeAtHeight(cal, -depthMm / 2)] };
        return emptyOpeningsBesideLeaning(found, h, view, input.teamColors ?? [], o);
      })
    : [];
  for (const i of [...new Set(emptied)].sort((a, b) => b - a)) {
    rejected.push({ xMm: found[i]!.xMm, yMm: found[i]!.yMm, reason: "an empty hole's floor beside a disc leaning over it, not a disc in the hole" });
    found.splice(i, 1);
  }
  // (A disc in a hole overlapped by one beside it: see hole-overlaps.ts.)
  const sinkingHoleAt = (f: { xMm: number; yMm: number }) => sinking.find((h) => Math.hypot(h.xMm - f.xMm, h.yMm - f.yMm) < 0.5);
  const doubted = o.holeOverlapFraction > 0 ? doubtHoleDiscsOverlapped(found, radiusMm, (f) => sinkingHoleAt(f)?.radiusMm ?? null, o.holeOverlapFraction) : found;
  // (A disc in a hole seen wholly within it, in a colour of its own: see wholly-in-hole.ts.)
  const judged = doubted.map((f) => {
    const hole = f.state === 'in-hole' ? sinkingHoleAt(f) : undefined;
    return hole && seenWhollyInHole(input.frame, cal.boardToImage, cal.lens, f.rgb, hole, o) ? { ...f, whollyInHole: true } : f;
  });
  // A weak fit in a colour no team plays, where every piece is a team's: paint, not a disc.
  if (input.teamColors?.length && o.offTeamMaxRimCoverage > 0 && profile.pieces.every((p) => !NO_TEAM.has(p.kind))) {
    for (let i = judged.length - 1; i >= 0; i--) {
      const f = judged[i]!;
      if (f.state !== 'on-board' || f.rimCoverage >= o.offTeamMaxRimCoverage) continue;
      if (input.teamColors.some((c) => colourDistance(f.rgb, c) <= o.offTeamMinColourDistance)) continue;
      rejected.push({ xMm: f.xMm, yMm: f.yMm, reason: `rim ${(f.rimCoverage * 100).toFixed(0)}% found, in a colour no team plays` });
      judged.splice(i, 1);
    }
  }
  const seen = coloursForTeams(input.frame, cal, profile.surface, judged, o);
  const teams = assignTeams(seen.rgb, input.teamCount ?? 2, input.teamColors, seen, judged.map((f) => f.rimCoverage < o.sureRimCoverage));
  const discs: DetectedDisc[] = judged.map((f, i) => ({ ...f, team: teams.labels[i] ?? null }));
  return { discs, rejected, teamColors: teams.colors, handOverBoard: false };
}
