/**
 * A weak fit with a grained or mixed face (one placed no better than its reach) may be a light
 * streak of the grain between two dark ones: its face is then the board's own hue, and no
 * lighter or darker than the board round it gets. Grain varies the board's light far more than
 * its hue; a disc differs in hue, or in light beyond the grain's range (a wooden disc of the
 * board's tone is darker or lighter than the wood round it).
 */
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { surroundSamples } from './colour-contrast.ts';
import { median } from './medians.ts';
import type { Rgb } from './teams.ts';

export interface BoardHueOptions {
  /** A face within this many of the board's hue spreads of the board's hue (0: never)... */
  boardHuedMaxHueSpreads: number;
  /** ... that spread taken as at least this (chromaticity: r and g over r + g + b)... */
  boardHuedMinHueSpread: number;
  /** ... and within this many grey levels of the board's range of light round it (10th to 90th percentile), is the board. */
  boardHuedLightMarginGrey: number;
}

function luma(c: Rgb): number {
  return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
}

/** r and g over r + g + b: the colour without its light. */
function chromaticity(c: Rgb): [number, number] {
  const sum = Math.max(1, c[0] + c[1] + c[2]);
  return [c[0] / sum, c[1] / sum];
}

/** How the face stands against the board round the footprint: hue apart in board hue spreads, and light beyond the board's range (grey levels, 0 inside it). */
export function againstBoardRound(frame: Frame, boardToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number, face: Rgb, minHueSpread: number): { hueSpreads: number; lightBeyondGrey: number } | null {
  const samples = surroundSamples(frame, boardToImage, lens, xMm, yMm, radiusMm);
  if (samples.length < 12) return null;
  const hues = samples.map(chromaticity);
  const hue: [number, number] = [median(hues.map((h) => h[0])), median(hues.map((h) => h[1]))];
  const spread = Math.max(minHueSpread, median(hues.map((h) => Math.hypot(h[0] - hue[0], h[1] - hue[1]))));
  const faceHue = chromaticity(face);
  const light = samples.map(luma).sort((a, b) => a - b);
  const low = light[Math.floor(0.1 * light.length)]!;
  const high = light[Math.floor(0.9 * light.length)]!;
  const l = luma(face);
  return { hueSpreads: Math.hypot(faceHue[0] - hue[0], faceHue[1] - hue[1]) / spread, lightBeyondGrey: Math.max(0, low - l, l - high) };
}

/** Whether a face is the board's hue and within its light round the footprint (see the options). */
export function boardHuedFace(frame: Frame, boardToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number, face: Rgb, o: BoardHueOptions): boolean {
  if (o.boardHuedMaxHueSpreads <= 0) return false;
  const against = againstBoardRound(frame, boardToImage, lens, xMm, yMm, radiusMm, face, o.boardHuedMinHueSpread);
  return against !== null && against.hueSpreads <= o.boardHuedMaxHueSpreads && against.lightBeyondGrey <= o.boardHuedLightMarginGrey;
}
