/**
 * YUV4MPEG2 (.y4m): a text header, then raw frames, each after a "FRAME" line. We read 4:2:0
 * (every chroma siting), 4:4:4 and mono, 8 bits, limited or full range. The luma plane goes to
 * the tracker as it is; RGBA is made only when asked for (BT.601).
 */
import type { Frame, GrayImage } from '../image/frame.ts';
import { VideoReadError, type PixelRect, type VideoFrame } from './types.ts';

export interface Y4mHeader {
  widthPx: number;
  heightPx: number;
  fps: number;
  chroma: '420' | '444' | 'mono';
  fullRange: boolean;
  /** Bytes of one frame's pixel data. */
  frameBytes: number;
}

export function parseY4mHeader(line: string): Y4mHeader {
  const parts = line.trim().split(/\s+/);
  if (parts[0] !== 'YUV4MPEG2') throw new VideoReadError('not a YUV4MPEG2 (y4m) file');
  let widthPx = 0;
  let heightPx = 0;
  let fps = 30;
  let chroma: Y4mHeader['chroma'] = '420';
  let fullRange = false;
  for (const p of parts.slice(1)) {
    const v = p.slice(1);
    switch (p[0]) {
      case 'W':
        widthPx = Number(v);
        break;
      case 'H':
        heightPx = Number(v);
        break;
      case 'F': {
        const [n, d] = v.split(':').map(Number);
        if (n && d) fps = n / d;
        break;
      }
      case 'C':
        if (v.startsWith('420')) chroma = '420';
        else if (v === '444') chroma = '444';
        else if (v === 'mono') chroma = 'mono';
        else throw new VideoReadError(`y4m colour space "${v}" is not supported (use 4:2:0, 4:4:4 or mono, 8 bits)`);
        break;
      case 'X':
        if (v.toUpperCase() === 'COLORRANGE=FULL') fullRange = true;
        break;
    }
  }
  if (!(widthPx > 0 && heightPx > 0)) throw new VideoReadError('y4m header has no frame size');
  const cw = Math.ceil(widthPx / 2);
  const ch = Math.ceil(heightPx / 2);
  const frameBytes = chroma === 'mono' ? widthPx * heightPx : chroma === '444' ? 3 * widthPx * heightPx : widthPx * heightPx + 2 * cw * ch;
  return { widthPx, heightPx, fps, chroma, fullRange, frameBytes };
}

/**
 * YUV planes to RGBA (BT.601), by lookup tables, one 32-bit write per pixel. With `rect`, only
 * the pixels inside it (the rest stay transparent black).
 */
export function yuvToRgba(h: Y4mHeader, data: Uint8Array, rect?: PixelRect): Uint8ClampedArray {
  const W = h.widthPx;
  const H = h.heightPx;
  const out = new Uint8ClampedArray(W * H * 4);
  const px = new Uint32Array(out.buffer);
  const ys = h.fullRange ? 1 : 255 / 219;
  const yo = h.fullRange ? 0 : 16;
  const cs = h.fullRange ? 1 : 255 / 224;
  const yT = new Int32Array(256);
  const rV = new Int32Array(256);
  const gU = new Int32Array(256);
  const gV = new Int32Array(256);
  const bU = new Int32Array(256);
  for (let k = 0; k < 256; k++) {
    yT[k] = Math.round((k - yo) * ys) + 512;
    const c = (k - 128) * cs;
    rV[k] = Math.round(1.402 * c);
    gU[k] = Math.round(-0.344136 * c);
    gV[k] = Math.round(-0.714136 * c);
    bU[k] = Math.round(1.772 * c);
  }
  // Values arrive offset by 512 so the clamp is a table lookup.
  const clamp = new Uint32Array(1536);
  for (let k = 0; k < 1536; k++) clamp[k] = Math.max(0, Math.min(255, k - 512));
  const cw = Math.ceil(W / 2);
  const uOff = W * H;
  const vOff = h.chroma === '444' ? 2 * W * H : uOff + cw * Math.ceil(H / 2);
  const mono = h.chroma === 'mono';
  const full = h.chroma === '444';
  const ALPHA = 0xff000000;
  const { x0, x1, y0, y1 } = pixelSpan(rect, W, H);
  for (let y = y0; y < y1; y++) {
    const row = y * W;
    const crow = (y >> 1) * cw;
    for (let x = x0; x < x1; x++) {
      const Y = yT[data[row + x]!]!;
      if (mono) {
        const g = clamp[Y]!;
        px[row + x] = (ALPHA | (g << 16) | (g << 8) | g) >>> 0;
        continue;
      }
      const c = full ? row + x : crow + (x >> 1);
      const u = data[uOff + c]!;
      const v = data[vOff + c]!;
      const r = clamp[Y + rV[v]!]!;
      const g = clamp[Y + gU[u]! + gV[v]!]!;
      const b = clamp[Y + bU[u]!]!;
      px[row + x] = (ALPHA | (b << 16) | (g << 8) | r) >>> 0;
    }
  }
  return out;
}

/** The whole pixels a rectangle covers within a W x H image (all of it without one). */
function pixelSpan(rect: PixelRect | undefined, W: number, H: number): { x0: number; x1: number; y0: number; y1: number } {
  if (!rect) return { x0: 0, x1: W, y0: 0, y1: H };
  return { x0: Math.max(0, Math.floor(rect.x0)), x1: Math.min(W, Math.ceil(rect.x1)), y0: Math.max(0, Math.floor(rect.y0)), y1: Math.min(H, Math.ceil(rect.y1)) };
}

/**
 * Luma to the detector's grey image (0..255 floats), without going through RGB; with `rect`,
 * only the pixels inside it (the rest left 0).
 */
export function lumaToGray(h: Y4mHeader, data: Uint8Array, rect?: PixelRect): GrayImage {
  const W = h.widthPx;
  const H = h.heightPx;
  const ys = h.fullRange ? 1 : 255 / 219;
  const yo = h.fullRange ? 0 : 16;
  const t = new Float32Array(256);
  for (let k = 0; k < 256; k++) t[k] = Math.max(0, Math.min(255, (k - yo) * ys));
  const out = new Float32Array(W * H);
  const { x0, x1, y0, y1 } = pixelSpan(rect, W, H);
  for (let y = y0; y < y1; y++) {
    const row = y * W;
    for (let i = row + x0; i < row + x1; i++) out[i] = t[data[i]!]!;
  }
  return { data: out, widthPx: W, heightPx: H };
}

/** A queue of incoming bytes with "read a line" and "read n bytes" that wait for data. */
class ByteQueue {
  private chunks: Buffer[] = [];
  private avail = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async more(): Promise<boolean> {
    if (this.done) return false;
    const r = await this.source.next();
    if (r.done) {
      this.done = true;
      return false;
    }
    const b = Buffer.isBuffer(r.value) ? r.value : Buffer.from(r.value);
    this.chunks.push(b);
    this.avail += b.length;
    return true;
  }

  private take(n: number): Buffer {
    const out = Buffer.allocUnsafe(n);
    let o = 0;
    while (o < n) {
      const c = this.chunks[0]!;
      const k = Math.min(c.length, n - o);
      c.copy(out, o, 0, k);
      o += k;
      if (k === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(k);
    }
    this.avail -= n;
    return out;
  }

  /** A line without its newline, or null at the end of the stream. */
  async line(maxBytes = 4096): Promise<string | null> {
    for (;;) {
      let seen = 0;
      for (const c of this.chunks) {
        const i = c.indexOf(10);
        if (i >= 0) return this.take(seen + i + 1).toString('latin1', 0, seen + i);
        seen += c.length;
      }
      if (seen > maxBytes) throw new VideoReadError('y4m: a header line is too long (not a y4m stream?)');
      if (!(await this.more())) {
        if (this.avail === 0) return null;
        throw new VideoReadError('y4m: stream ends inside a header line');
      }
    }
  }

  async bytes(n: number): Promise<Buffer | null> {
    while (this.avail < n) if (!(await this.more())) return null;
    return this.take(n);
  }
}

/** Frames of a y4m byte stream (a file or ffmpeg's output). Calls onHeader before the first. */
export async function* y4mFrames(stream: AsyncIterable<Buffer>, onHeader?: (h: Y4mHeader) => void): AsyncGenerator<VideoFrame> {
  const q = new ByteQueue(stream[Symbol.asyncIterator]());
  const first = await q.line();
  if (first === null) throw new VideoReadError('empty video');
  const header = parseY4mHeader(first);
  onHeader?.(header);
  const W = header.widthPx;
  const H = header.heightPx;
  for (let index = 0; ; index++) {
    const tag = await q.line();
    if (tag === null) return;
    if (!tag.startsWith('FRAME')) throw new VideoReadError(`y4m: frame ${index} does not start with FRAME`);
    const data = await q.bytes(header.frameBytes);
    if (!data) return; // a truncated last frame is dropped
    const timestampMs = (index * 1000) / header.fps;
    let frame: Frame | null = null;
    let gray: GrayImage | null = null;
    yield {
      index,
      timestampMs,
      widthPx: W,
      heightPx: H,
      luma: new Uint8Array(data.buffer, data.byteOffset, W * H),
      toFrame: () => (frame ??= { data: yuvToRgba(header, data), widthPx: W, heightPx: H, timestampMs }),
      toFrameIn: (rect) => frame ?? { data: yuvToRgba(header, data, rect), widthPx: W, heightPx: H, timestampMs },
      toGray: () => (gray ??= lumaToGray(header, data)),
      toGrayIn: (rect) => gray ?? lumaToGray(header, data, rect),
    };
  }
}
