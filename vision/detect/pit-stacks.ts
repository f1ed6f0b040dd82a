/**
 * PitRush's pits hold a disc, and a disc may lie on top of one in a pit. Seen from above, a disc
 * lying in a pit and one lying on a disc in it look alike: their tops differ in height by one
 * disc, a fraction of a percent of the camera's distance, and the disc under it is hidden. A
 * disc seen over a pit is marked so, and the rules leave that question to a person.
 *
 * An empty pit's floor is the board's own wood, in the shade of the pit's wall: a faint rim
 * round a "disc" of the board's very hue, darker than the board round the pit, is that floor
 * (a disc of the board's tone still differs in hue: four times as much, or more, in the
 * benchmark's scenes). Where a disc beside the pit hangs over it, the fit's own colour takes in
 * some of that disc's: the pit is then judged by its part no other disc covers.
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { Frame } from '../image/frame.ts';
import { colourAt, surroundColour } from './colour-contrast.ts';
import type { Rgb } from './teams.ts';
import type { DetectionResult } from './types.ts';

/** Holes whose id starts so are pits that hold a disc (as vision/track/pits.ts reads them). */
const PIT_PREFIX = 'pit-';

export interface PitOptions {
  /** A "disc" over a pit whose colour's share of each channel is this near the board's round the pit (and darker)... */
  pitFloorMaxHueDistance: number;
  /** ... and whose rim was found less than this far round, is the pit's floor. */
  pitFloorMaxRimCoverage: number;
  /**
   * Where another disc hangs over the pit: the part it leaves uncovered, of the board's hue and
   * no brighter than the board times this, is the floor too (out of the wall's shade, it is lit as the board is).
   */
  pitFloorUncoveredMaxBrightness: number;
}

/** Spacing (mm) of the samples of a pit's uncovered part, out to this share of its radius (clear of the wall's shade line). */
const FLOOR_STEP_MM = 2;
const FLOOR_REACH = 0.8;
/** Samples this near (mm) another disc's outline are not taken (its seen top face lies off its footprint). */
const FLOOR_CLEARANCE_MM = 4;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** The colour (channel medians) of the part of a pit no other disc covers; null when too little of it shows. */
function uncoveredColour(frame: Frame, cal: Calibration, pit: { xMm: number; yMm: number; radiusMm: number }, others: readonly { xMm: number; yMm: number; radiusMm: number }[]): Rgb | null {
  const samples: Rgb[] = [];
  let total = 0;
  for (let rr = 0; rr <= FLOOR_REACH * pit.radiusMm; rr += FLOOR_STEP_MM) {
    const n = Math.max(1, Math.round((2 * Math.PI * rr) / FLOOR_STEP_MM));
    for (let k = 0; k < n; k++) {
      const x = pit.xMm + rr * Math.cos((2 * Math.PI * k) / n);
      const y = pit.yMm + rr * Math.sin((2 * Math.PI * k) / n);
      total++;
      if (others.some((o) => Math.hypot(o.xMm - x, o.yMm - y) < o.radiusMm + FLOOR_CLEARANCE_MM)) continue;
      const c = colourAt(frame, cal.boardToImage, cal.lens, x, y);
      if (c) samples.push(c);
    }
  }
  if (samples.length < total / 2) return null;
  return [median(samples.map((c) => c[0])), median(samples.map((c) => c[1])), median(samples.map((c) => c[2]))];
}

function shares(c: Rgb): [number, number, number] {
  const s = Math.max(1e-9, c[0] + c[1] + c[2]);
  return [c[0] / s, c[1] / s, c[2] / s];
}

/** The board's hue, and no brighter than the board times `maxBrightness` (below 1: darker). */
function looksLikeFloor(seen: Rgb, board: Rgb, maxBrightness: number, o: PitOptions): boolean {
  const [a, b] = [shares(seen), shares(board)];
  const dim = seen[0] + seen[1] + seen[2] < maxBrightness * (board[0] + board[1] + board[2]);
  return dim && Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < o.pitFloorMaxHueDistance;
}

/**
 * Discs whose centre is over a pit: the pit's shaded floor taken for a disc is dropped, the
 * others marked as perhaps lying on a hidden disc.
 */
export function markPitDiscs(result: DetectionResult, input: { frame: Frame; profile: BoardProfile; calibration: Calibration }, o: PitOptions): DetectionResult {
  const pits = featuresOfKind(input.profile, 'hole').filter((h) => h.id.startsWith(PIT_PREFIX));
  if (pits.length === 0) return result;
  const rejected = [...result.rejected];
  const discs = result.discs.flatMap((d) => {
    const pit = pits.find((p) => Math.hypot(d.xMm - p.xMm, d.yMm - p.yMm) <= p.radiusMm);
    if (!pit) return [d];
    const board = d.rimCoverage < o.pitFloorMaxRimCoverage ? surroundColour(input.frame, input.calibration.boardToImage, input.calibration.lens, pit.xMm, pit.yMm, pit.radiusMm) : null;
    const over = board ? result.discs.filter((g) => g !== d && Math.hypot(g.xMm - pit.xMm, g.yMm - pit.yMm) < g.radiusMm + pit.radiusMm) : [];
    const uncovered = board && over.length > 0 ? uncoveredColour(input.frame, input.calibration, pit, over) : null;
    if (board && (looksLikeFloor(d.rgb, board, 1, o) || (uncovered && looksLikeFloor(uncovered, board, o.pitFloorUncoveredMaxBrightness, o)))) {
      rejected.push({ xMm: d.xMm, yMm: d.yMm, reason: `the shaded floor of empty "${pit.id}", not a disc` });
      return [];
    }
    return [{ ...d, mayRestOnHidden: true }];
  });
  return { ...result, discs, rejected };
}
