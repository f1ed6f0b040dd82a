/** A camera frame: RGBA pixels, as a canvas, a video decoder or a PNG gives them. */
export interface Frame {
  data: Uint8ClampedArray | Uint8Array;
  widthPx: number;
  heightPx: number;
  timestampMs: number;
}

/** One channel of float samples, row-major. */
export interface GrayImage {
  data: Float32Array;
  widthPx: number;
  heightPx: number;
}

/** Luma (Rec. 601 weights), 0..255; into `reuse` when it is the frame's size (see analyzeFrame). */
export function toGray(frame: Frame, reuse?: Float32Array): GrayImage {
  const n = frame.widthPx * frame.heightPx;
  const out = reuse && reuse.length === n ? reuse : new Float32Array(n);
  const d = frame.data;
  for (let i = 0, j = 0; i < n; i++, j += 4) out[i] = 0.299 * d[j]! + 0.587 * d[j + 1]! + 0.114 * d[j + 2]!;
  return { data: out, widthPx: frame.widthPx, heightPx: frame.heightPx };
}

/** Luma as toGray, only inside `rect` (the rest 0): for a detection in a part of the frame. */
export function grayIn(frame: Frame, rect: { x0: number; y0: number; x1: number; y1: number }): GrayImage {
  const W = frame.widthPx;
  const out = new Float32Array(W * frame.heightPx);
  const d = frame.data;
  const x0 = Math.max(0, Math.floor(rect.x0));
  const x1 = Math.min(W, Math.ceil(rect.x1));
  for (let y = Math.max(0, Math.floor(rect.y0)); y < Math.min(frame.heightPx, Math.ceil(rect.y1)); y++) {
    for (let i = y * W + x0, j = 4 * i; i < y * W + x1; i++, j += 4) out[i] = 0.299 * d[j]! + 0.587 * d[j + 1]! + 0.114 * d[j + 2]!;
  }
  return { data: out, widthPx: W, heightPx: frame.heightPx };
}

/** Bilinear sample; NaN outside the image. */
export function sampleBilinear(img: GrayImage, x: number, y: number): number {
  const w = img.widthPx;
  if (x < 0 || y < 0 || x > w - 1 || y > img.heightPx - 1) return NaN;
  const x0 = Math.min(Math.floor(x), w - 2);
  const y0 = Math.min(Math.floor(y), img.heightPx - 2);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * w + x0;
  const d = img.data;
  return (d[i]! * (1 - fx) + d[i + 1]! * fx) * (1 - fy) + (d[i + w]! * (1 - fx) + d[i + w + 1]! * fx) * fy;
}

/** Sample an RGB colour (0..255 each) bilinearly at a point. */
export function sampleRgb(frame: Frame, x: number, y: number): [number, number, number] {
  const w = frame.widthPx;
  const xi = Math.max(0, Math.min(w - 1, Math.round(x)));
  const yi = Math.max(0, Math.min(frame.heightPx - 1, Math.round(y)));
  const j = (yi * w + xi) * 4;
  return [frame.data[j]!, frame.data[j + 1]!, frame.data[j + 2]!];
}
