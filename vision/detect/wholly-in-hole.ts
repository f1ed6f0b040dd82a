/**
 * A disc lying in a hole is off the hole's centre by no more than the hole's play (see
 * call-uncertainty.ts), but a fit that found little of its rim may be no disc in the hole: an
 * empty hole's floor (dark, shaded, or lifted grey by a glare) or a disc leaning into the hole
 * from the board. Neither is seen wholly within the hole in a colour of its own:
 * - a floor is grey (black, dark brown, glare-lit), and so is a black or white disc, which is
 *   therefore never told from one here;
 * - a disc leaning into the hole lies over its rim too (its centre is 11-18 mm off the hole's
 *   centre on the corpus, so it reaches 9-17 mm beyond a crokinole hole's rim), where its colour
 *   shows on the board round the hole, unless it is of the board's own tone.
 */
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { colourAt, surroundColour } from './colour-contrast.ts';
import type { Rgb } from './teams.ts';

export interface WhollyInHoleOptions {
  /**
   * Least chroma of the face (RGB, largest channel less the smallest). On 100 scenes of each
   * crokinole board the fits of empty holes and of discs leaning into one came out at 5-21
   * where no disc on the board covered part of the opening, discs of a colour in the hole at
   * 41-193.
   */
  whollyInHoleMinChroma: number;
  /** Least RGB distance of the face from the board round the hole (a leaning disc of the board's tone shows nothing beyond the rim). */
  whollyInHoleMinBoardDistance: number;
  /** Distances beyond the hole's rim (mm) of the rings looked at for a part of the disc lying over it. */
  whollyInHoleRingsMm: readonly number[];
  /**
   * Largest share of those rings' samples nearer the face's colour than the board's. Leaning
   * discs of a colour showed 0.23-0.28 there; most discs truly in the hole 0-0.05, and up to
   * 0.41, mostly those of about the board's tone.
   */
  whollyInHoleMaxFaceShare: number;
}

const SAMPLES_PER_RING = 48;

function distance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Whether a disc found in a hole, of colour `face`, is seen wholly within it (see the file's comment). */
export function seenWhollyInHole(frame: Frame, boardToImage: readonly number[], lens: LensModel, face: Rgb, hole: { xMm: number; yMm: number; radiusMm: number }, o: WhollyInHoleOptions): boolean {
  if (Math.max(...face) - Math.min(...face) < o.whollyInHoleMinChroma) return false;
  // (The board round the hole, clear of its rim: sampled at 1.6 to 1.9 hole radii.)
  const board = surroundColour(frame, boardToImage, lens, hole.xMm, hole.yMm, hole.radiusMm);
  if (!board || distance(face, board) < o.whollyInHoleMinBoardDistance) return false;
  let faceLike = 0;
  let seen = 0;
  for (const beyondMm of o.whollyInHoleRingsMm) {
    const r = hole.radiusMm + beyondMm;
    for (let k = 0; k < SAMPLES_PER_RING; k++) {
      const a = (2 * Math.PI * k) / SAMPLES_PER_RING;
      const c = colourAt(frame, boardToImage, lens, hole.xMm + r * Math.cos(a), hole.yMm + r * Math.sin(a));
      if (!c) continue;
      seen++;
      if (distance(c, face) < distance(c, board)) faceLike++;
    }
  }
  return seen > 0 && faceLike / seen <= o.whollyInHoleMaxFaceShare;
}
