/**
 * A disc's top face is one colour. A weak fit whose face is several (a painted number, grain
 * and a line, the edge of a hole, or a disc and the board beside it) is not measuring a disc's
 * face: it is either nothing, or a fit dragged off a disc part of whose face it covers. That
 * disc, if there is one, is where the face's colour least like the board's lies.
 */
import type { Rgb } from './colour-contrast.ts';
import { meanColour } from './colour-contrast.ts';

/** How much face samples vary: the median distance of the samples from their mean (Infinity for none). */
export function sampleSpread(samples: readonly Rgb[]): number {
  if (samples.length === 0) return Infinity;
  const mean = meanColour(samples);
  const d = samples.map((v) => Math.hypot(v[0] - mean[0], v[1] - mean[1], v[2] - mean[2])).sort((a, b) => a - b);
  return d[Math.floor(d.length / 2)]!;
}

/** The mean colour of the half of the face samples farthest from the board's colour (null for none). */
export function unlikeBoardColour(samples: readonly Rgb[], board: Rgb): Rgb | null {
  if (samples.length === 0) return null;
  const far = samples
    .map((v) => ({ v, d: Math.hypot(v[0] - board[0], v[1] - board[1], v[2] - board[2]) }))
    .sort((a, b) => b.d - a.d)
    .slice(0, Math.ceil(samples.length / 2))
    .map((s) => s.v);
  return meanColour(far);
}
