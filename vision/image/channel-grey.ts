/**
 * Greys other than luma. A board may differ from the table under it in hue far more than in
 * light (dark-stained wood on a slate-blue cloth, a pale mat on pale wood of another tint): its
 * outline is then faint in luma and plain in one colour channel.
 */
import type { Frame, GrayImage } from './frame.ts';

export const GREY_CHANNELS = ['red', 'green', 'blue', 'red-blue'] as const;
export type GreyChannel = (typeof GREY_CHANNELS)[number];

/** Weights of R, G and B, and an offset (the result is clamped to 0..255). */
const WEIGHTS: Record<GreyChannel, { r: number; g: number; b: number; offset: number }> = {
  red: { r: 1, g: 0, b: 0, offset: 0 },
  green: { r: 0, g: 1, b: 0, offset: 0 },
  blue: { r: 0, g: 0, b: 1, offset: 0 },
  // Warm against cool (brown wood against blue or grey); only the most saturated colours clamp.
  'red-blue': { r: 1, g: 0, b: -1, offset: 128 },
};

/** One channel (or a difference of two) of the frame as a grey image of 0..255. */
export function channelGrey(frame: Frame, channel: GreyChannel): GrayImage {
  const { r, g, b, offset } = WEIGHTS[channel];
  const n = frame.widthPx * frame.heightPx;
  const out = new Float32Array(n);
  const d = frame.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = Math.min(255, Math.max(0, offset + r * d[j]! + g * d[j + 1]! + b * d[j + 2]!));
  return { data: out, widthPx: frame.widthPx, heightPx: frame.heightPx };
}
