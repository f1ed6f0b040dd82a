/**
 * Pieces of several sizes and kinds (carrom: the men and the queen, alike in size, and the
 * larger striker). Each size is detected on its own, the detections are merged (where two
 * sizes claim one place, the better fit wins), painted circles the size of a piece are
 * dropped, the queen is told from the men by colour, and teams are learnt over the pieces
 * that belong to a team.
 */
import { TEAMLESS_KINDS, type PieceKind } from '../../rules/core/board-state.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { Frame } from '../image/frame.ts';
import { surroundColour, surroundStats } from './colour-contrast.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { allowsStacks, boardInShade, overlappingGhosts } from './flat-overlaps.ts';
import { median } from './medians.ts';
import { paintEdges, paintedShare } from './paint-explained.ts';
import { lookAlikes, LOOKALIKE_DEFAULTS, paintedLookAlike, type LookAlikeOptions } from './painted-lookalikes.ts';
import { paintedSpots, spotCircleOf, swallowingHoleUnder } from './painted-spots.ts';
import { markPitDiscs } from './pit-stacks.ts';
import { markPossibleStacks, type StackOptions } from './stack-height.ts';
import { coloursForTeams } from './glare-lift.ts';
import { assignTeams, colourDistance, farFromEveryTeam, type Rgb } from './teams.ts';
import type { DetectedDisc, DetectionResult } from './types.ts';

/** Pieces that belong to no team. */
export const NO_TEAM: ReadonlySet<PieceKind> = TEAMLESS_KINDS;

export const PIECE_KIND_DEFAULTS = {
  /** Pieces whose diameters differ by less than this are one size to the camera. */
  sameSizeMm: 1.5,
  /**
   * The queen is red: hue within this many degrees of red, and at least this colourful (max
   * minus min channel, 0..255) and this much more than the most colourful team piece's median.
   */
  queenHueToleranceDeg: 25,
  queenMinChroma: 60,
  queenChromaMargin: 30,
  /**
   * With the teams' colours given, a piece of a size that has neutral pieces is neutral when
   * its colour (teams.ts features) is farther than this from every team colour, and than this
   * many times the typical distance of that team's discs from its colour (see farFromEveryTeam;
   * in 50 benchmark scenes a white team's discs in bright light came nearest to this, below it).
   */
  neutralMinColourDistance: 40,
  neutralSpreadFactor: 2.5,
  /**
   * An empty PitRush pit's floor (pit-stacks.ts): its colour's channel shares within this of the
   * board's round the pit (floors were within 0.007, discs of the board's tone 0.012 or more
   * away), darker, with its rim found less than this far round (the floors: 0.59 at most).
   */
  pitFloorMaxHueDistance: 0.008,
  pitFloorMaxRimCoverage: 0.6,
  /**
   * A disc beside a pit hanging over it puts its own colour into such a fit's: the pit's part it
   * leaves uncovered is judged too, as lit as the board (in 40 benchmark scenes an empty pit's
   * uncovered part came within 0.2% of the board's brightness).
   */
  pitFloorUncoveredMaxBrightness: 1.02,
  /**
   * A disc on a PitRush board may lie on another (stack-height.ts): every one is given its
   * footprint on one disc under it, and on two where something of another hue than the board's
   * (shadows keep its hue) shows just outside its outline over this share of it (in 50 benchmark
   * scenes five in six stacks on the board, and over a third of single discs: shadows, pits,
   * neighbours).
   */
  stacks: {
    maxStackDiscs: 3,
    unseenStackDiscs: 2,
    ringOffsetsMm: [1.2, 2.2],
    ringRays: 48,
    minForeignColourDistance: 20,
    foreignBoardSpreads: 1.5,
    minForeignHueDistance: 0.03,
    minForeignShare: 0.2,
    minSamples: 12,
    clearanceMm: 1.5,
  } as StackOptions,
  /** Two detections of different sizes nearer than this share of the smaller radius are one piece. */
  overlapFraction: 0.6,
  /**
   * A piece found in one size with this share of its outline is not fitted again as the next
   * size (a carrom man as the striker: that fit fails its radius check or loses the merge
   * below, and fitting every man twice doubled the detection time).
   */
  sureOtherSizeCoverage: 0.6,
  /**
   * ... and, when the next size is larger, the board must show just outside it, out to that
   * size's radius (median colour within this RGB distance of the board's beyond): a ring
   * painted on a striker, or a low-resolution fit, can pass for a man inside the striker.
   */
  sureOutsideMaxColourDistance: 30,
  /**
   * A piece's outline must be found over at least this share of it away from the board's
   * paint (outline within the tolerance of a painted edge counts as paint).
   */
  minUnpaintedCoverage: 0.3,
  paintToleranceMm: 1.5,
  lookAlikes: LOOKALIKE_DEFAULTS as LookAlikeOptions,
  /** See DETECT_DEFAULTS (detectDiscs passes its own). */
  paintedSpots: DETECT_DEFAULTS.paintedSpots,
  /** See DETECT_DEFAULTS (detectDiscs passes its own). */
  flatOverlapFraction: DETECT_DEFAULTS.flatOverlapFraction,
  /** See DETECT_DEFAULTS (detectDiscs passes its own). */
  shadeGhostWeight: DETECT_DEFAULTS.shadeGhostWeight,
  /** The board in shade: see boardInShade (the corpus' shadows: 0.5-0.7 of the board's light). */
  shadeRatioRange: [0.3, 0.9] as readonly [number, number],
  shadeMaxRatioSpread: 1.3,
  /** See DETECT_DEFAULTS (detectDiscs passes its own). */
  sureRimCoverage: DETECT_DEFAULTS.sureRimCoverage,
  /** See DETECT_DEFAULTS (detectDiscs passes its own). */
  glareMinLift: DETECT_DEFAULTS.glareMinLift,
  glareMaxLiftSpread: DETECT_DEFAULTS.glareMaxLiftSpread,
};

export type PieceKindOptions = typeof PIECE_KIND_DEFAULTS;

export interface SizeGroup {
  /** The profile's pieces of this size, team pieces first, then the most numerous. */
  pieces: BoardProfile['pieces'];
  radiusMm: number;
  heightMm: number;
}

/** The profile's pieces grouped by size. */
export function sizeGroups(profile: BoardProfile, o: PieceKindOptions = PIECE_KIND_DEFAULTS): SizeGroup[] {
  const groups: SizeGroup[] = [];
  for (const p of profile.pieces) {
    const g = groups.find((x) => Math.abs(2 * x.radiusMm - p.diameterMm) < o.sameSizeMm);
    if (g) g.pieces.push(p);
    else groups.push({ pieces: [p], radiusMm: p.diameterMm / 2, heightMm: p.heightMm });
  }
  // A size's pieces: those of a team first (what a piece of that size is unless told otherwise), then by count.
  for (const g of groups) g.pieces.sort((a, b) => Number(NO_TEAM.has(a.kind)) - Number(NO_TEAM.has(b.kind)) || b.count - a.count);
  return groups;
}

function hueDeg([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

function chroma([r, g, b]: Rgb): number {
  return Math.max(r, g, b) - Math.min(r, g, b);
}

/**
 * Neutral pieces (PitRush): with the teams' colours given, a piece of a size that has neutral
 * pieces and a colour that matches no team's is neutral. Without the colours nothing tells a
 * neutral from a team's piece, so the pieces keep what they are.
 */
function nameNeutrals(result: DetectionResult, group: SizeGroup, teamColors: readonly Rgb[] | undefined, o: PieceKindOptions): DetectionResult {
  if (!teamColors?.length || !group.pieces.some((p) => p.kind === 'neutral')) return result;
  const inTeams = result.discs.filter((d) => !NO_TEAM.has(d.kind));
  const far = new Set(farFromEveryTeam(inTeams.map((d) => d.rgb), teamColors, o.neutralMinColourDistance, o.neutralSpreadFactor).map((i) => inTeams[i]!));
  if (far.size === 0) return result;
  return { ...result, discs: result.discs.map((d) => (far.has(d) ? { ...d, kind: 'neutral', team: null } : d)) };
}

/** Indices of the discs that are the queen (at most `count`): the reddest, clearly more colourful than the rest. */
function queenIndices(discs: readonly DetectedDisc[], count: number, o: PieceKindOptions): number[] {
  const reds = discs
    .map((d, i) => ({ i, c: chroma(d.rgb), h: hueDeg(d.rgb) }))
    .filter((x) => x.c >= o.queenMinChroma && Math.min(x.h, 360 - x.h) <= o.queenHueToleranceDeg)
    .sort((a, b) => b.c - a.c);
  const picked = reds.slice(0, count);
  const rest = discs.filter((_, i) => !picked.some((p) => p.i === i)).map((d) => chroma(d.rgb));
  const restChroma = rest.length ? median(rest) : 0;
  return picked.filter((p) => p.c >= restChroma + o.queenChromaMargin).map((p) => p.i);
}

export interface PieceKindInput {
  frame: Frame;
  profile: BoardProfile;
  calibration: Calibration;
  teamCount?: number;
  teamColors?: Rgb[];
}

/**
 * Whether the board shows round a piece out to a larger size's radius: the median colour of a
 * ring between the two radii is the board's just beyond (surroundStats samples at 1.6 and 1.9
 * times the radius it is given: here 0.91-1.09 times the middle of the two radii, and from a
 * quarter of the piece's radius beyond the larger one).
 */
function boardJustOutside(input: PieceKindInput, d: DetectedDisc, largerRadiusMm: number, o: PieceKindOptions): boolean {
  const { frame, calibration: cal } = input;
  const between = surroundStats(frame, cal.boardToImage, cal.lens, d.xMm, d.yMm, (d.radiusMm + largerRadiusMm) / 2 / 1.75);
  const beyond = surroundStats(frame, cal.boardToImage, cal.lens, d.xMm, d.yMm, (largerRadiusMm + 0.25 * d.radiusMm) / 1.6);
  if (!between || !beyond) return false;
  const [a, b] = [between.colour, beyond.colour];
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) <= o.sureOutsideMaxColourDistance;
}

/**
 * Finds the pieces of the profile's first size; `sureMm`: places where a piece of another size
 * was surely found, not to be fitted again.
 */
export type DetectOneSize = (profile: BoardProfile, sureMm?: readonly { xMm: number; yMm: number }[]) => DetectionResult;

/**
 * Detect every size of piece with `detectOne` (given a profile whose first piece is that
 * size's), then merge, drop painted look-alikes, name the kinds and learn the teams. A profile
 * with one size and nothing painted like it is detected as it is.
 */
export function detectPieceKinds(input: PieceKindInput, detectOne: DetectOneSize, o: PieceKindOptions = PIECE_KIND_DEFAULTS): DetectionResult {
  return markPossibleStacks(markPitDiscs(detectKinds(input, detectOne, o), input, o), input, o.stacks);
}

function detectKinds(input: PieceKindInput, detectOne: DetectOneSize, o: PieceKindOptions): DetectionResult {
  const { profile, calibration } = input;
  const groups = sizeGroups(profile, o);
  const painted = groups.map((g) => lookAlikes(profile, g.radiusMm, o.lookAlikes));
  if (groups.length === 1 && painted[0]!.length === 0) {
    const one = detectOne(profile);
    const ghosts = flatGhosts(one.discs, input, o);
    if (ghosts.length === 0) return nameNeutrals(one, groups[0]!, input.teamColors, o);
    const discs = one.discs.filter((_, i) => !ghosts.includes(i));
    return nameNeutrals({ ...one, ...withTeams(discs, input, o), rejected: [...one.rejected, ...ghosts.map((i) => ghostRejection(one.discs[i]!))] }, groups[0]!, input.teamColors, o);
  }
  const edges = paintEdges(profile);
  const spots = paintedSpots(input.frame, calibration, profile);
  const rejected: DetectionResult['rejected'] = [];
  let handOverBoard = false;
  const found: { disc: DetectedDisc; group: number }[] = [];
  const sure: DetectedDisc[] = [];
  groups.forEach((g, gi) => {
    const others = profile.pieces.filter((p) => !g.pieces.includes(p));
    const sureMm = sure.filter((d) => d.radiusMm >= g.radiusMm || boardJustOutside(input, d, g.radiusMm, o)).map((d) => ({ xMm: d.xMm, yMm: d.yMm }));
    const result = detectOne({ ...profile, pieces: [...g.pieces, ...others] }, gi > 0 ? sureMm : undefined);
    handOverBoard ||= result.handOverBoard;
    rejected.push(...result.rejected);
    for (const d of result.discs) {
      const paint = paintedLookAlike(input.frame, calibration, d, g.heightMm, painted[gi]!, o.lookAlikes);
      const unpainted = d.rimCoverage - paintedShare(edges, d.xMm, d.yMm, d.radiusMm, o.paintToleranceMm);
      const pocket = swallowingHoleUnder(profile, d, o.paintedSpots);
      // (Not at the queen's size: the queen is red like carrom's spots, and may lie on one.)
      const spot = g.pieces.some((p) => p.kind === 'queen') ? null : spotCircleOf(d, spots, o.paintedSpots);
      if (paint) rejected.push({ xMm: d.xMm, yMm: d.yMm, reason: paint.hole ? `in "${paint.id}": off the board` : `the painted "${paint.id}", not a piece` });
      else if (pocket) rejected.push({ xMm: d.xMm, yMm: d.yMm, reason: `its centre over "${pocket.id}": in the pocket, off the board` });
      else if (spot) rejected.push({ xMm: d.xMm, yMm: d.yMm, reason: `rim ${(d.rimCoverage * 100).toFixed(0)}% found round the painted "${spot.id}", its face the paint` });
      else if (unpainted < o.minUnpaintedCoverage) rejected.push({ xMm: d.xMm, yMm: d.yMm, reason: `outline mostly the board's paint (${(unpainted * 100).toFixed(0)}% found elsewhere)` });
      else {
        found.push({ disc: { ...d, kind: g.pieces[0]!.kind }, group: gi });
        if (d.rimCoverage >= o.sureOtherSizeCoverage) sure.push(d);
      }
    }
  });
  // Two sizes claiming one place: the better fit is the piece.
  const quality = (d: DetectedDisc) => d.confidence * d.rimCoverage;
  const kept = found.filter((a) =>
    !found.some((b) => {
      if (b === a || b.group === a.group) return false;
      const near = Math.hypot(a.disc.xMm - b.disc.xMm, a.disc.yMm - b.disc.yMm) < o.overlapFraction * Math.min(a.disc.radiusMm, b.disc.radiusMm);
      return near && (quality(b.disc) > quality(a.disc) || (quality(b.disc) === quality(a.disc) && b.group < a.group));
    }),
  );
  const ghosts = flatGhosts(kept.map((k) => k.disc), input, o);
  rejected.push(...ghosts.map((i) => ghostRejection(kept[i]!.disc)));
  for (const i of [...ghosts].reverse()) kept.splice(i, 1);
  // The queen among the men: the reddest piece of their size.
  groups.forEach((g, gi) => {
    const queen = g.pieces.find((p) => p.kind === 'queen');
    if (!queen) return;
    const members = kept.filter((k) => k.group === gi);
    for (const i of queenIndices(members.map((m) => m.disc), queen.count, o)) members[i]!.disc.kind = 'queen';
  });
  groups.forEach((g, gi) => {
    if (!input.teamColors?.length || !g.pieces.some((p) => p.kind === 'neutral')) return;
    const members = kept.filter((k) => k.group === gi && !NO_TEAM.has(k.disc.kind));
    for (const i of farFromEveryTeam(members.map((m) => m.disc.rgb), input.teamColors, o.neutralMinColourDistance, o.neutralSpreadFactor)) members[i]!.disc.kind = 'neutral';
  });
  return { ...withTeams(kept.map((k) => k.disc), input, o), rejected, handOverBoard };
}

/** Teams learnt (or given) over the pieces that belong to one. */
function withTeams(discs: readonly DetectedDisc[], input: PieceKindInput, o: PieceKindOptions): Pick<DetectionResult, 'discs' | 'teamColors'> {
  const teamed = discs.filter((d) => !NO_TEAM.has(d.kind));
  const seen = coloursForTeams(input.frame, input.calibration, input.profile.surface, teamed, o);
  const teams = assignTeams(seen.rgb, input.teamCount ?? 2, input.teamColors, seen, teamed.map((d) => d.rimCoverage < o.sureRimCoverage));
  const out = discs.map((d) => (NO_TEAM.has(d.kind) ? { ...d, team: null } : { ...d, team: teams.labels[teamed.indexOf(d)] ?? null }));
  return { discs: out, teamColors: teams.colors };
}

/**
 * Indices of discs that overlap a better one (see flat-overlaps.ts), on boards without stacks:
 * the better is the one found farther round its rim that stands out more from the board round
 * it in colour (a shadow keeps the board's hue).
 */
function flatGhosts(discs: readonly DetectedDisc[], input: PieceKindInput, o: PieceKindOptions): number[] {
  if (allowsStacks(input.profile)) return [];
  const cal = input.calibration;
  return overlappingGhosts(discs, o, (i) => {
    const d = discs[i]!;
    const board = surroundColour(input.frame, cal.boardToImage, cal.lens, d.xMm, d.yMm, d.radiusMm);
    if (!board) return 0;
    return d.rimCoverage * colourDistance(d.rgb, board) * (boardInShade(d.rgb, board, o) ? o.shadeGhostWeight : 1);
  });
}

function ghostRejection(d: DetectedDisc): DetectionResult['rejected'][number] {
  return { xMm: d.xMm, yMm: d.yMm, reason: 'overlapping a better-fitted disc (discs lying flat cannot overlap)' };
}
