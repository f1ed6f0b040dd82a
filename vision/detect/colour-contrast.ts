/**
 * A disc whose brightness matches the board's (red on blue paint, pale wood on pale wood)
 * has no edge in the grey image, but it does in colour. Around one disc, project each pixel's
 * colour on the axis from the board's colour to the disc's: the outline then stands out as
 * much as the two colours differ. The patch keeps image coordinates through an offset.
 */
import { applyHomography } from '../geometry/homography.ts';
import { distortPx, type LensModel } from '../geometry/lens.ts';
import type { Frame, GrayImage } from '../image/frame.ts';

export type Rgb = [number, number, number];

export interface ContrastPatch {
  image: GrayImage;
  /** Image pixel of the patch's (0, 0). */
  offsetXPx: number;
  offsetYPx: number;
  /** Distance between the two colours (grey levels): the contrast the patch gives. */
  contrast: number;
}

/** The colour of the pixel nearest where a point of a plane is seen (null outside the image). */
export function colourAt(frame: Frame, planeToImage: readonly number[], lens: LensModel, xMm: number, yMm: number): Rgb | null {
  const p = applyHomography(planeToImage, xMm, yMm);
  const q = distortPx(lens, p.x, p.y);
  const xi = Math.round(q.x);
  const yi = Math.round(q.y);
  if (xi < 0 || yi < 0 || xi >= frame.widthPx || yi >= frame.heightPx) return null;
  const j = (yi * frame.widthPx + xi) * 4;
  return [frame.data[j]!, frame.data[j + 1]!, frame.data[j + 2]!];
}

/** Adds the colour of the pixel nearest where a point of a plane is seen (if in the image). */
function sampleAt(frame: Frame, planeToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, out: Rgb[]): void {
  const c = colourAt(frame, planeToImage, lens, xMm, yMm);
  if (c) out.push(c);
}

/** Colour samples of the inner part of a top face (out to 0.6 radii, in three rings round its centre). */
export function topFaceSamples(frame: Frame, planeToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number): Rgb[] {
  const samples: Rgb[] = [];
  for (let ring = 0; ring <= 3; ring++) {
    const rr = (radiusMm * 0.6 * ring) / 3;
    const count = ring === 0 ? 1 : 8 * ring;
    for (let k = 0; k < count; k++) {
      const a = (2 * Math.PI * k) / count;
      sampleAt(frame, planeToImage, lens, xMm + rr * Math.cos(a), yMm + rr * Math.sin(a), samples);
    }
  }
  return samples;
}

/** The mean of colour samples ([0, 0, 0] for none). */
export function meanColour(samples: readonly Rgb[]): Rgb {
  const n = samples.length;
  if (n === 0) return [0, 0, 0];
  const acc = [0, 0, 0];
  for (const v of samples) for (let c = 0; c < 3; c++) acc[c]! += v[c]!;
  return [acc[0]! / n, acc[1]! / n, acc[2]! / n];
}

/** How much a top face's inner part varies in colour: the median distance of its samples from their mean (a disc's face is one colour; grain and painted art are several). */
export function topFaceSpread(frame: Frame, planeToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number): number {
  const samples = topFaceSamples(frame, planeToImage, lens, xMm, yMm, radiusMm);
  if (samples.length === 0) return Infinity;
  const mean = meanColour(samples);
  return sortedMiddle(Float64Array.from(samples, (v) => Math.hypot(v[0] - mean[0], v[1] - mean[1], v[2] - mean[2])));
}

/**
 * How far a colour is from the nearest quarter of the board's samples round a footprint (the
 * quarter-way distance from it to them): small when any one material round it (paint, a ring's
 * colour, the wood) is like it, however many colours the ring holds.
 */
export function nearestQuarterDistance(frame: Frame, boardToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number, colour: Rgb, keep?: SurroundFilter): number | null {
  const samples = surroundSamples(frame, boardToImage, lens, xMm, yMm, radiusMm, keep);
  if (samples.length < MIN_SURROUND_SAMPLES) return null;
  const d = Float64Array.from(samples, (c) => Math.hypot(c[0] - colour[0], c[1] - colour[1], c[2] - colour[2])).sort();
  return d[Math.floor(d.length / 4)]!;
}

/** A board point that is part of the board round a disc (one at the disc's level: a ditch's floor is not the surface's). */
export type SurroundFilter = (xMm: number, yMm: number) => boolean;

/** The rings (radii of a footprint out) the board round it is sampled on. */
export const SURROUND_RING_RADII = [1.6, 1.9] as const;
/** The least samples a surround's colour is taken from. */
export const MIN_SURROUND_SAMPLES = 12;

/** Board colour samples in two rings around a footprint (SURROUND_RING_RADII), those `keep` takes. */
export function surroundSamples(frame: Frame, boardToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number, keep?: SurroundFilter): Rgb[] {
  const samples: Rgb[] = [];
  for (const f of SURROUND_RING_RADII) {
    for (let k = 0; k < 24; k++) {
      const a = (2 * Math.PI * k) / 24;
      const sx = xMm + f * radiusMm * Math.cos(a);
      const sy = yMm + f * radiusMm * Math.sin(a);
      if (!keep || keep(sx, sy)) sampleAt(frame, boardToImage, lens, sx, sy, samples);
    }
  }
  return samples;
}

/** The median (the upper middle of an even count); sorts the values in place. */
function sortedMiddle(xs: Float64Array): number {
  xs.sort();
  return xs[Math.floor(xs.length / 2)]!;
}

/** Median colour of the board in a ring around a footprint (shadows and neighbours are a minority). */
export function surroundColour(frame: Frame, boardToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number): Rgb | null {
  return surroundStats(frame, boardToImage, lens, xMm, yMm, radiusMm)?.colour ?? null;
}

/**
 * The board's colour round a footprint and how much it varies there (median distance of the
 * samples from that colour): strong wood grain varies as much as a faint disc differs.
 */
export function surroundStats(frame: Frame, boardToImage: readonly number[], lens: LensModel, xMm: number, yMm: number, radiusMm: number, keep?: SurroundFilter): { colour: Rgb; spread: number } | null {
  return surroundStatsOf(surroundSamples(frame, boardToImage, lens, xMm, yMm, radiusMm, keep));
}

/** surroundStats of samples already taken (null when fewer than MIN_SURROUND_SAMPLES). */
export function surroundStatsOf(samples: readonly Rgb[]): { colour: Rgb; spread: number } | null {
  if (samples.length < MIN_SURROUND_SAMPLES) return null;
  // (One scratch array for the four medians: this runs for every fit judged by its colour.)
  const xs = new Float64Array(samples.length);
  const channel = (c: 0 | 1 | 2) => {
    for (let i = 0; i < samples.length; i++) xs[i] = samples[i]![c];
    return sortedMiddle(xs);
  };
  const colour: Rgb = [channel(0), channel(1), channel(2)];
  for (let i = 0; i < samples.length; i++) xs[i] = Math.hypot(samples[i]![0] - colour[0], samples[i]![1] - colour[1], samples[i]![2] - colour[2]);
  const spread = sortedMiddle(xs);
  return { colour, spread };
}

/** The image's pixels within a half size of a point (at least 4 x 4), or null. */
function patchWindow(frame: Frame, centreXPx: number, centreYPx: number, halfSizePx: number): { x0: number; y0: number; widthPx: number; heightPx: number } | null {
  const x0 = Math.max(0, Math.floor(centreXPx - halfSizePx));
  const y0 = Math.max(0, Math.floor(centreYPx - halfSizePx));
  const widthPx = Math.min(frame.widthPx, Math.ceil(centreXPx + halfSizePx)) - x0;
  const heightPx = Math.min(frame.heightPx, Math.ceil(centreYPx + halfSizePx)) - y0;
  return widthPx < 4 || heightPx < 4 ? null : { x0, y0, widthPx, heightPx };
}

/** A grey patch of the frame round a point, each pixel `pixel(r, g, b)` of the frame's. */
function patchOf(frame: Frame, centreXPx: number, centreYPx: number, halfSizePx: number, contrast: number, pixel: (r: number, g: number, b: number) => number): ContrastPatch | null {
  const win = patchWindow(frame, centreXPx, centreYPx, halfSizePx);
  if (!win) return null;
  const { x0, y0, widthPx, heightPx } = win;
  const data = new Float32Array(widthPx * heightPx);
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      const j = ((y0 + y) * frame.widthPx + x0 + x) * 4;
      data[y * widthPx + x] = pixel(frame.data[j]!, frame.data[j + 1]!, frame.data[j + 2]!);
    }
  }
  return { image: { data, widthPx, heightPx }, offsetXPx: x0, offsetYPx: y0, contrast };
}

export function contrastPatch(frame: Frame, centreXPx: number, centreYPx: number, halfSizePx: number, inside: Rgb, outside: Rgb): ContrastPatch | null {
  const d: Rgb = [inside[0] - outside[0], inside[1] - outside[1], inside[2] - outside[2]];
  const contrast = Math.hypot(d[0], d[1], d[2]);
  if (!(contrast > 0)) return null;
  const w: Rgb = [d[0] / contrast, d[1] / contrast, d[2] / contrast];
  return patchOf(frame, centreXPx, centreYPx, halfSizePx, contrast, (r, g, b) => 128 + (r - outside[0]) * w[0] + (g - outside[1]) * w[1] + (b - outside[2]) * w[2]);
}

/**
 * The contrast patch along the part of the disc's colour difference square to the board's own
 * colour: the board in shade (its colour scaled) projects as the board does, so a shadow
 * beside a disc of the board's tone draws no edge; null when nothing of the difference is left.
 */
export function shadeFreePatch(frame: Frame, centreXPx: number, centreYPx: number, halfSizePx: number, inside: Rgb, outside: Rgb): ContrastPatch | null {
  const d: Rgb = [inside[0] - outside[0], inside[1] - outside[1], inside[2] - outside[2]];
  const bn = Math.hypot(outside[0], outside[1], outside[2]);
  if (!(bn > 0)) return null;
  const b: Rgb = [outside[0] / bn, outside[1] / bn, outside[2] / bn];
  const along = d[0] * b[0] + d[1] * b[1] + d[2] * b[2];
  const p: Rgb = [d[0] - along * b[0], d[1] - along * b[1], d[2] - along * b[2]];
  const contrast = Math.hypot(p[0], p[1], p[2]);
  if (!(contrast > 0)) return null;
  const w: Rgb = [p[0] / contrast, p[1] / contrast, p[2] / contrast];
  return patchOf(frame, centreXPx, centreYPx, halfSizePx, contrast, (red, green, blue) => 128 + (red - outside[0]) * w[0] + (green - outside[1]) * w[1] + (blue - outside[2]) * w[2]);
}

/** A homography and lens that give patch pixels instead of image pixels. */
export function intoPatch(h: readonly number[], lens: LensModel, patch: ContrastPatch): { h: number[]; lens: LensModel } {
  const ox = patch.offsetXPx;
  const oy = patch.offsetYPx;
  const t = [1, 0, -ox, 0, 1, -oy, 0, 0, 1];
  const out = new Array<number>(9).fill(0);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) for (let k = 0; k < 3; k++) out[r * 3 + c]! += t[r * 3 + k]! * h[k * 3 + c]!;
  return { h: out, lens: { ...lens, centreXPx: lens.centreXPx - ox, centreYPx: lens.centreYPx - oy } };
}

/**
 * Around one disc, each pixel's likeness in colour to the disc's own top face (255 less the
 * colour distance): a shadow or a painted line next to the disc is as unlike a coloured disc
 * as the board is, so the top face's rim is the one edge round it, where in grey a shadow or a
 * line as dark as the disc joins it into one blob. `contrast` is the disc's distance from the
 * board's colour.
 */
export function likenessPatch(frame: Frame, centreXPx: number, centreYPx: number, halfSizePx: number, disc: Rgb, board: Rgb): ContrastPatch | null {
  const contrast = Math.hypot(disc[0] - board[0], disc[1] - board[1], disc[2] - board[2]);
  return patchOf(frame, centreXPx, centreYPx, halfSizePx, contrast, (r, g, b) => 255 - Math.sqrt((r - disc[0]) ** 2 + (g - disc[1]) ** 2 + (b - disc[2]) ** 2));
}
