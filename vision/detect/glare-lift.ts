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

/** Each disc's colour as its team is told by, and whether it lies in a light brighter than the board's usual. */
export interface TeamColours {
  rgb: Rgb[];
  /**
   * The board round the disc lifted above its usual colour by at least the least lift, in every
   * channel (evenly or not, clipped or not): a face seen there may be lit past telling its team's
   * colour (a red disc in glare is pink, an orange one cream). Teams are learnt from the others.
   */
  brightened: boolean[];
  /**
   * Per disc, the channels its face was clipped in while glare lifted the board round it, or
   * null: `rgb` holds there only the least the channel can be without the glare (the face was at
   * least that bright), the others less the glare.
   */
  clipped: (readonly number[] | null)[];
  /**
   * Brightened, but by how much could not be measured (the board round it lifted unevenly across
   * the channels, or clipped): only that the light made its face lighter is known.
   */
  liftUnknown: boolean[];
}

/**
 * Each disc's colour as its team is told by: its top face's, less the glare lifting the board
 * round it (discs off the surface or in a hole, whose surround is no surface, and faces
 * clipped in a channel, as seen).
 */
export function coloursForTeams(frame: Frame, cal: Calibration, surface: Surface, discs: readonly { xMm: number; yMm: number; radiusMm: number; rgb: Rgb; state: string }[], o: GlareOptions): TeamColours {
  if (o.glareMinLift <= 0 || discs.length === 0) return { rgb: discs.map((d) => d.rgb), brightened: discs.map(() => false), clipped: discs.map(() => null), liftUnknown: discs.map(() => false) };
  const usual = usualBoardColour(frame, cal.boardToImage, cal.lens, surface, discs, 2 * Math.max(...discs.map((d) => d.radiusMm)));
  const rgb: Rgb[] = [];
  const brightened: boolean[] = [];
  const clipped: (number[] | null)[] = [];
  const liftUnknown: boolean[] = [];
  for (const d of discs) {
    const around = usual && d.state === 'on-board' && onSurface(surface, d.xMm, d.yMm) ? surroundColour(frame, cal.boardToImage, cal.lens, d.xMm, d.yMm, d.radiusMm) : null;
    brightened.push(around !== null && usual !== null && [0, 1, 2].every((c) => around[c]! - usual[c]! >= o.glareMinLift));
    const lift = around && usual ? glareLift(around, usual, o) : null;
    // A face clipped in a channel shows only that the light there was at least so bright: less
    // the lift it is the least that channel can be (a red disc in glare, taken off, is no longer red).
    const over = [0, 1, 2].filter((c) => d.rgb[c]! >= CLIP_LEVEL);
    clipped.push(lift && over.length > 0 ? over : null);
    liftUnknown.push(brightened[brightened.length - 1]! && !lift);
    rgb.push(lift ? withoutGlare(d.rgb, lift) : d.rgb);
  }
  return { rgb, brightened, clipped, liftUnknown };
}
