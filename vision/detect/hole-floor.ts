/**
 * An empty hole's floor fits a disc's rim as well as a sunk disc does. A dark floor is told by
 * its darkness (see detect.ts); a wooden floor (PitRush's pits) by its colour, which is the
 * board's own: a "disc" in a hole coloured like the board round the hole is the floor.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { surroundColour } from './colour-contrast.ts';
import type { Rgb } from './teams.ts';

export function boardColouredFloor(frame: Frame, boardToImage: readonly number[], lens: LensModel, at: { xMm: number; yMm: number; rgb: Rgb }, holeRadiusMm: number, maxColourDistance: number): boolean {
  // The board round the hole, clear of its rim: the surround is sampled at 1.6 to 1.9 radii.
  const board = surroundColour(frame, boardToImage, lens, at.xMm, at.yMm, holeRadiusMm);
  if (!board) return false;
  return Math.hypot(board[0] - at.rgb[0], board[1] - at.rgb[1], board[2] - at.rgb[2]) < maxColourDistance;
}

/**
 * The hole centred at a point, if it is a cup (the profile gives no depth a disc sinks to:
 * a hole a disc sinks into, crokinole's 20-hole, opens onto a dark floor and keeps that test).
 */
export function cupAt(profile: BoardProfile, xMm: number, yMm: number): { radiusMm: number } | null {
  for (const f of profile.features) if (f.kind === 'hole' && !f.depthMm && Math.hypot(f.xMm - xMm, f.yMm - yMm) < 0.5) return f;
  return null;
}
