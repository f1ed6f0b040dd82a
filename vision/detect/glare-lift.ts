/**
 * Glare (a lamp's reflection) adds light on top of whatever it falls on: a dark wooden disc in
 * it looks as light as the other team's light wooden ones. The board round such a disc is lifted
 * by about the same light, in every channel alike, above the board's usual colour; that lift,
 * taken off the disc's colour, gives the colour its team is told by. A painted ring or a shadow
 * beside a disc changes the board's colour unevenly across the channels or darkens it, and is
 * left alone.
 */
import type { Surface } from '../../rules/profiles/schema.ts';
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import type { Calibration } from '../calibrate/types.ts';
import { colourAt, surroundColour, type Rgb } from './colour-contrast.ts';
import { medianRgb } from './medians.ts';
import { onSurface } from './on-surface.ts';

export interface GlareOptions {
  /** A lift below this (grey levels, in every unclipped channel) is no glare: light falls unevenly across any board (0: never lifted). */
  glareMinLift: number;
  /** The largest channel's lift at most this many times the smallest's: glare is near white (the camera's white balance tints it a little). */
  glareMaxLiftSpread: number;
}

/** A channel at or above this is clipped: how much light was added there is not known. */
const CLIP_LEVEL = 250;
/** Grid points across the surface's longer side, sampled for its usual colour. */
const GRID_STEPS = 24;

/**
 * The board's usual colour: the median, per channel, of points on a grid over the playing
 * surface, those farther than `clearMm` from every disc. Null with fewer than 12 such points seen.
 */
export function usualBoardColour(frame: Frame, boardToImage: readonly number[], lens: LensModel, surface: Surface, discs: readonly { xMm: number; yMm: number }[], clearMm: number): Rgb | null {
  const box =
    surface.shape === 'circle'
      ? { minXMm: surface.xMm - surface.radiusMm, maxXMm: surface.xMm + surface.radiusMm, minYMm: surface.yMm - surface.radiusMm, maxYMm: surface.yMm + surface.radiusMm }
      : surface;
  const stepMm = Math.max(box.maxXMm - box.minXMm, box.maxYMm - box.minYMm) / GRID_STEPS;
  const samples: Rgb[] = [];
  for (let y = box.minYMm + stepMm / 2; y < box.maxYMm; y += stepMm) {
    for (let x = box.minXMm + stepMm / 2; x < box.maxXMm; x += stepMm) {
      if (!onSurface(surface, x, y)) continue;
      if (discs.some((d) => Math.hypot(d.xMm - x, d.yMm - y) < clearMm)) continue;
      const c = colourAt(frame, boardToImage, lens, x, y);
      if (c) samples.push(c);
    }
  }
  if (samples.length < 12) return null;
  return medianRgb(samples);
}

/**
 * The light glare adds at a disc, per channel, from the board round it (`surround`) against
 * the board's usual colour; null when the board there is not lifted evenly in every channel
 * (no glare). A clipped channel is given the mean lift of the others.
 */
export function glareLift(surround: Rgb, usual: Rgb, o: GlareOptions): Rgb | null {
  if (o.glareMinLift <= 0) return null;
  const open = [0, 1, 2].filter((c) => surround[c]! < CLIP_LEVEL && usual[c]! < CLIP_LEVEL);
  if (open.length < 2) return null;
  const lifts = open.map((c) => surround[c]! - usual[c]!);
  const lo = Math.min(...lifts);
  if (lo < o.glareMinLift || Math.max(...lifts) > o.glareMaxLiftSpread * lo) return null;
  const mean = lifts.reduce((a, b) => a + b, 0) / lifts.length;
  return [0, 1, 2].map((c) => (open.includes(c) ? surround[c]! - usual[c]! : mean)) as Rgb;
}

/** A colour less the light glare added (not below black). */
export function withoutGlare(colour: Rgb, lift: Rgb): Rgb {
  return [0, 1, 2].map((c) => Math.max(0, colour[c]! - lift[c]!)) as Rgb;
}

/**
 * Each disc's colour as its team is told by: its top face's, less the glare lifting the board
 * round it (discs off the surface or in a hole, whose surround is no surface, and faces
 * clipped in a channel, as seen).
 */
export function coloursForTeams(frame: Frame, cal: Calibration, surface: Surface, discs: readonly { xMm: number; yMm: number; radiusMm: number; rgb: Rgb; state: string }[], o: GlareOptions): Rgb[] {
  if (o.glareMinLift <= 0 || discs.length === 0) return discs.map((d) => d.rgb);
  const usual = usualBoardColour(frame, cal.boardToImage, cal.lens, surface, discs, 2 * Math.max(...discs.map((d) => d.radiusMm)));
  return discs.map((d) => {
    // A face clipped in a channel shows only that the light there was at least so bright: less
    // the lift it would be darker than it is (a red disc in glare, taken off, is no longer red).
    if (!usual || d.state !== 'on-board' || !onSurface(surface, d.xMm, d.yMm) || Math.max(...d.rgb) >= CLIP_LEVEL) return d.rgb;
    const around = surroundColour(frame, cal.boardToImage, cal.lens, d.xMm, d.yMm, d.radiusMm);
    const lift = around && glareLift(around, usual, o);
    return lift ? withoutGlare(d.rgb, lift) : d.rgb;
  });
}
