/**
 * PitRush's pits hold a disc, and a disc may lie on top of one in a pit. Seen from above, a disc
 * lying in a pit and one lying on a disc in it look alike: their tops differ in height by one
 * disc, a fraction of a percent of the camera's distance, and the disc under it is hidden. A
 * disc seen over a pit is marked so, and the rules leave that question to a person.
 *
 * An empty pit's floor is the board's own wood, in the shade of the pit's wall: a faint rim
 * round a "disc" of the board's very hue, darker than the board round the pit, is that floor
 * (a disc of the board's tone still differs in hue: four times as much, or more, in the
 * benchmark's scenes).
 */
import { featuresOfKind, type BoardProfile } from '../../rules/profiles/schema.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { Frame } from '../image/frame.ts';
import { surroundColour } from './colour-contrast.ts';
import type { Rgb } from './teams.ts';
import type { DetectionResult } from './types.ts';

/** Holes whose id starts so are pits that hold a disc (as vision/track/pits.ts reads them). */
const PIT_PREFIX = 'pit-';

export interface PitOptions {
  /** A "disc" over a pit whose colour's share of each channel is this near the board's round the pit (and darker)... */
  pitFloorMaxHueDistance: number;
  /** ... and whose rim was found less than this far round, is the pit's floor. */
  pitFloorMaxRimCoverage: number;
}

function shares(c: Rgb): [number, number, number] {
  const s = Math.max(1e-9, c[0] + c[1] + c[2]);
  return [c[0] / s, c[1] / s, c[2] / s];
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
    if (board) {
      const [a, b] = [shares(d.rgb), shares(board)];
      const darker = d.rgb[0] + d.rgb[1] + d.rgb[2] < board[0] + board[1] + board[2];
      if (darker && Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < o.pitFloorMaxHueDistance) {
        rejected.push({ xMm: d.xMm, yMm: d.yMm, reason: `the shaded floor of empty "${pit.id}", not a disc` });
        return [];
      }
    }
    return [{ ...d, mayRestOnHidden: true }];
  });
  return { ...result, discs, rejected };
}
