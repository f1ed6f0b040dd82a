/**
 * Flat things taken for pucks on a wooden table: circles fitted on the grain, or on a streak
 * of light or wood about a puck wide. A puck stands a few centimetres tall: seen obliquely, the
 * part of its footprint that its top face does not cover (the side towards the camera) shows
 * its side wall, a colour of its own (its material, less lit than its top); on a flat
 * look-alike the board shows through there. And a puck's top ends at its rim all round, where
 * a streak of the board's own hue stands out from the board on two sides only. Judged only for
 * fits that found little of their rim (a puck's whole rim is evidence enough).
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography, invert3 } from '../geometry/homography.ts';
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { colourAt, meanColour, surroundStats, topFaceSamples, topFaceSpread, type Rgb, type SurroundFilter } from './colour-contrast.ts';
import { onSurface } from './on-surface.ts';

export const FLAT_LOOKALIKE_DEFAULTS = {
  /** Only fits that found less of their rim than this are judged (on 120 scenes of the two tables, every flat fit taken for a puck found 45-62%). */
  maxRimCoverage: 0.65,
  /** The side band is judged where the top face is seen at least this far (mm, on the board) from the footprint: nearer, the band is a pixel or less. */
  minBandShiftMm: 4,
  /** A side band nearer than this (RGB distance) to the board's colour round the fit is the board (on those scenes flat fits 3-8; pucks 23 and more, but for a pale puck on pale wood, 7.7, whose top is plain)... */
  maxBandBoardDistance: 10,
  /** ... when the top varies at least this share of the board's own spread round it (grain; that pale puck's top 0.06, the flat fits 0.33-0.82). */
  minTopBoardSpreads: 0.25,
  /**
   * A fit of the board's own hue (chromaticity within this of the board's round it: flat fits
   * 0.0005-0.009; of the pucks that found little of their rim, two within it, 0.007-0.008)...
   */
  boardHueMaxChroma: 0.01,
  /** ... whose top stands out from the board round less than this share of its outline (flat fits 0.35-0.75; those two pucks 0.81 and 0.88: a puck's top differs from the board all round, even where its edge is soft)... */
  boardHueMaxOutlineShare: 0.76,
  /** ... and no side wall stands out below it (a side band within this of the board's colour: those flat fits 3-38; those two pucks 30 and 63) is flat. */
  hueMaxBandBoardDistance: 45,
  /** Its outline is judged on this many rays, inside at and outside at these radii of its top as seen, ... */
  outlineRays: 48,
  outlineInsideRadii: 0.7,
  outlineOutsideRadii: 1.3,
  /** ... each the mean of three samples this many radii apart along the outline... */
  outlineSampleSpreadRadii: 0.15,
  /** ... standing out where they differ by more than this (RGB distance) and this many times the board's own spread. */
  outlineMinStep: 12,
  outlineBoardSpreads: 0.8,
  /** Sampling step (mm) over the side band (a few pixels wide). */
  bandStepMm: 1,
  /** Band samples this near (mm) a painted line, or in a painted number's box, are left out (paint is no wall). */
  paintMarginMm: 1,
  /**
   * A side wall of a fit on the playfield is looked for against the playfield alone, and in
   * the part of its side band on the playfield: beside the playfield's edge, the dark rail round
   * a streak of the playfield's own grain had made its band stand out as a wall (12 ft seed 134,
   * called for points). The board's hue and spread, for the tests of the outline, stay those of
   * all round it. On 160 scenes of each table: 12 ft precision 97.68 -> 97.82%, phantom calls
   * 7 -> 6, exact scores 81.9 -> 82.5%; the 9 ft table unchanged.
   */
  playfieldBandOnly: true,
};

export type FlatLookAlikeOptions = typeof FLAT_LOOKALIKE_DEFAULTS;

type Planes = { board: readonly number[]; top: readonly number[] };

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Where the camera sees a top face (centre and radius), carried down to the board plane along its rays. */
function topSeenOnBoard(planes: Planes, d: { xMm: number; yMm: number }, radiusMm: number): { xMm: number; yMm: number; radiusMm: number } | null {
  const boardInverse = invert3(planes.board);
  if (!boardInverse) return null;
  const onBoard = (x: number, y: number) => {
    const p = applyHomography(planes.top, x, y);
    return applyHomography(boardInverse, p.x, p.y);
  };
  const c = onBoard(d.xMm, d.yMm);
  const e = onBoard(d.xMm + radiusMm, d.yMm);
  return { xMm: c.x, yMm: c.y, radiusMm: Math.hypot(e.x - c.x, e.y - c.y) };
}

/** Whether a board point is on paint (a painted line, or the box of a painted number). */
function onPaint(profile: BoardProfile, xMm: number, yMm: number, marginMm: number): boolean {
  for (const f of featuresOfKind(profile, 'label')) if (Math.abs(xMm - f.xMm) <= f.sizeMm / 2 && Math.abs(yMm - f.yMm) <= f.sizeMm / 2) return true;
  for (const l of featuresOfKind(profile, 'line')) {
    if (!(l.lineWidthMm > 0)) continue;
    const dx = l.x2Mm - l.x1Mm;
    const dy = l.y2Mm - l.y1Mm;
    const t = Math.max(0, Math.min(1, ((xMm - l.x1Mm) * dx + (yMm - l.y1Mm) * dy) / Math.max(1e-9, dx * dx + dy * dy)));
    if (Math.hypot(xMm - l.x1Mm - t * dx, yMm - l.y1Mm - t * dy) <= l.lineWidthMm / 2 + marginMm) return true;
  }
  return false;
}

/**
 * The mean colour of a footprint's side band (its points that the top face, seen from the
 * camera, does not cover; paint is not a wall, and is left out): null where the top is seen
 * nearer the footprint than minBandShiftMm, 'paint' where the band is all on paint.
 */
export function sideBandColour(profile: BoardProfile, frame: Frame, planes: Planes, lens: LensModel, d: { xMm: number; yMm: number }, radiusMm: number, o: FlatLookAlikeOptions = FLAT_LOOKALIKE_DEFAULTS, keep?: SurroundFilter): Rgb | 'paint' | null {
  const seen = topSeenOnBoard(planes, d, radiusMm);
  if (!seen || Math.hypot(seen.xMm - d.xMm, seen.yMm - d.yMm) < o.minBandShiftMm) return null;
  let painted = 0;
  const samples: Rgb[] = [];
  const step = o.bandStepMm;
  const inner = radiusMm - step / 2;
  for (let dx = -radiusMm; dx <= radiusMm; dx += step) {
    for (let dy = -radiusMm; dy <= radiusMm; dy += step) {
      if (dx * dx + dy * dy > inner * inner) continue;
      const x = d.xMm + dx;
      const y = d.yMm + dy;
      // (A step clear of the top face's outline: its rounded edge is darker than the face.)
      if (Math.hypot(x - seen.xMm, y - seen.yMm) < seen.radiusMm + step) continue;
      if (keep && !keep(x, y)) continue;
      if (onPaint(profile, x, y, o.paintMarginMm)) {
        painted++;
        continue;
      }
      const c = colourAt(frame, planes.board, lens, x, y);
      if (c) samples.push(c);
    }
  }
  return samples.length > 0 ? meanColour(samples) : painted > 0 ? 'paint' : null;
}

const chromaticity = (c: Rgb): [number, number] => {
  const sum = Math.max(1, c[0] + c[1] + c[2]);
  return [c[0] / sum, c[1] / sum];
};

/**
 * The share of a top's outline (as the camera sees it, carried down to the board plane) where
 * its inside differs from its outside by more than `minStep`.
 */
export function outlineStandingOutShare(frame: Frame, planes: Planes, lens: LensModel, d: { xMm: number; yMm: number }, radiusMm: number, minStep: number, o: FlatLookAlikeOptions = FLAT_LOOKALIKE_DEFAULTS): number {
  const seen = topSeenOnBoard(planes, d, radiusMm);
  if (!seen) return 1;
  const r = seen.radiusMm;
  const at = (radii: number, ux: number, uy: number): Rgb | null => {
    const samples: Rgb[] = [];
    for (const t of [-o.outlineSampleSpreadRadii, 0, o.outlineSampleSpreadRadii]) {
      const c = colourAt(frame, planes.board, lens, seen.xMm + radii * r * ux - t * r * uy, seen.yMm + radii * r * uy + t * r * ux);
      if (c) samples.push(c);
    }
    return samples.length > 0 ? meanColour(samples) : null;
  };
  let standing = 0;
  for (let k = 0; k < o.outlineRays; k++) {
    const a = (2 * Math.PI * k) / o.outlineRays;
    const inside = at(o.outlineInsideRadii, Math.cos(a), Math.sin(a));
    const outside = at(o.outlineOutsideRadii, Math.cos(a), Math.sin(a));
    if (inside && outside && distance(inside, outside) > minStep) standing++;
  }
  return standing / o.outlineRays;
}

/** Why a fit taken for a puck is flat (see the file's comment), or null. */
export function flatLookAlike(profile: BoardProfile, frame: Frame, planes: Planes, lens: LensModel, d: { xMm: number; yMm: number; rimCoverage: number }, radiusMm: number, o: FlatLookAlikeOptions = FLAT_LOOKALIKE_DEFAULTS): string | null {
  if (d.rimCoverage >= o.maxRimCoverage) return null;
  // (See playfieldBandOnly: the band and the colour it is weighed against, on the playfield.)
  const keep = o.playfieldBandOnly && onSurface(profile.surface, d.xMm, d.yMm) ? (x: number, y: number) => onSurface(profile.surface, x, y) : undefined;
  const board = surroundStats(frame, planes.board, lens, d.xMm, d.yMm, radiusMm);
  if (!board) return null;
  // (Too little of the playfield round it to tell: the board round it all.)
  const playfield = (keep && surroundStats(frame, planes.board, lens, d.xMm, d.yMm, radiusMm, keep)) || board;
  const band = sideBandColour(profile, frame, planes, lens, d, radiusMm, o, keep);
  if (!band) return null;
  // (A band all on paint shows no wall either.)
  const bandApart = band === 'paint' ? 0 : distance(band, playfield.colour);
  if (band !== 'paint' && bandApart < o.maxBandBoardDistance && topFaceSpread(frame, planes.top, lens, d.xMm, d.yMm, radiusMm) >= o.minTopBoardSpreads * board.spread) {
    return `no side wall shows (its side band is the board's colour, ${bandApart.toFixed(0)} apart): flat, not a puck`;
  }
  if (bandApart >= o.hueMaxBandBoardDistance) return null;
  const top = meanColour(topFaceSamples(frame, planes.top, lens, d.xMm, d.yMm, radiusMm));
  const [tr, tg] = chromaticity(top);
  const [br, bg] = chromaticity(board.colour);
  if (Math.hypot(tr - br, tg - bg) < o.boardHueMaxChroma) {
    const share = outlineStandingOutShare(frame, planes, lens, d, radiusMm, Math.max(o.outlineMinStep, o.outlineBoardSpreads * board.spread), o);
    if (share < o.boardHueMaxOutlineShare) return `of the board's hue, standing out round ${(share * 100).toFixed(0)}% of its outline, no side wall standing out: flat, not a puck`;
  }
  return null;
}
