/**
 * Opening a video file under Node: y4m and Motion JPEG are read here with nothing else
 * installed; anything else (mp4, webm, mov, mkv) is decoded by ffmpeg when it is on the PATH.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, openSync, readFileSync, readSync, closeSync, statSync } from 'node:fs';
import { basename, extname, join, dirname } from 'node:path';
import { createCanvas, Image, type Canvas } from '@napi-rs/canvas';
import type { Frame } from '../image/frame.ts';
import { VideoReadError, type VideoFrame, type VideoInfo, type VideoSource } from './types.ts';
import { parseY4mHeader, y4mFrames } from './y4m.ts';

export interface OpenVideoOptions {
  /** Frame rate of an MJPEG file (it has none of its own); default: the sidecar JSON's `fps`, else 30. */
  fps?: number;
}

export function isVideoPath(path: string): boolean {
  return ['.y4m', '.mjpeg', '.mjpg', '.mp4', '.webm', '.mov', '.mkv', '.avi'].includes(extname(path).toLowerCase());
}

export async function openVideo(path: string, options: OpenVideoOptions = {}): Promise<VideoSource> {
  if (!existsSync(path)) throw new VideoReadError(`cannot read ${path}: no such file`);
  const ext = extname(path).toLowerCase();
  if (ext === '.y4m') return openY4m(path);
  if (ext === '.mjpeg' || ext === '.mjpg') return openMjpeg(path, options.fps ?? sidecarFps(path) ?? 30);
  return openWithFfmpeg(path);
}

/** `name.json` beside a video may carry its frame rate (the rendered samples do). */
function sidecarFps(path: string): number | null {
  const json = join(dirname(path), `${basename(path, extname(path))}.json`);
  if (!existsSync(json)) return null;
  try {
    const fps = (JSON.parse(readFileSync(json, 'utf8')) as { fps?: unknown }).fps;
    return typeof fps === 'number' && fps > 0 ? fps : null;
  } catch {
    return null;
  }
}

function openY4m(path: string): VideoSource {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(512);
  const n = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  const nl = head.subarray(0, n).indexOf(10);
  if (nl < 0) throw new VideoReadError(`${path} is not a y4m file`);
  const header = parseY4mHeader(head.toString('latin1', 0, nl));
  const size = statSync(path).size;
  const frameCount = Math.floor((size - nl - 1) / (header.frameBytes + 6));
  const info: VideoInfo = { container: 'y4m', widthPx: header.widthPx, heightPx: header.heightPx, fps: header.fps, frameCount };
  let stream: ReturnType<typeof createReadStream> | null = null;
  return {
    info,
    frames: () => {
      stream = createReadStream(path, { highWaterMark: 1 << 20 });
      return y4mFrames(stream as AsyncIterable<Buffer>);
    },
    close: () => stream?.destroy(),
  };
}

/** Offsets of the JPEG images in a Motion JPEG file, by walking the JPEG segments. */
export function indexMjpeg(buf: Buffer): { offset: number; length: number }[] {
  const out: { offset: number; length: number }[] = [];
  let i = 0;
  while (i + 4 <= buf.length) {
    if (buf[i] !== 0xff || buf[i + 1] !== 0xd8) {
      i++;
      continue;
    }
    const start = i;
    let p = i + 2;
    let end = -1;
    while (p + 2 <= buf.length) {
      if (buf[p] !== 0xff) break;
      const m = buf[p + 1]!;
      if (m === 0xd9) {
        end = p + 2;
        break;
      }
      if (m === 0xff) {
        p++;
        continue;
      }
      if ((m >= 0xd0 && m <= 0xd7) || m === 0x01) {
        p += 2;
        continue;
      }
      if (p + 4 > buf.length) break;
      const len = (buf[p + 2]! << 8) | buf[p + 3]!;
      p += 2 + len;
      if (m === 0xda) {
        // Entropy-coded data: ends at a marker that is not a stuffed byte or a restart.
        for (;;) {
          p = buf.indexOf(0xff, p);
          if (p < 0 || p + 1 >= buf.length) {
            p = buf.length;
            break;
          }
          const next = buf[p + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
          p += 2;
        }
      }
    }
    if (end < 0) break;
    out.push({ offset: start, length: end - start });
    i = end;
  }
  return out;
}

/** Decodes JPEG frames into RGBA, reusing one image and one canvas (frames of a video share a size). */
class JpegDecoder {
  private canvas: Canvas | null = null;
  private readonly img = new Image();

  decode(bytes: Buffer, timestampMs: number): Frame {
    const img = this.img;
    img.src = bytes;
    let canvas = this.canvas;
    if (!canvas || canvas.width !== img.width || canvas.height !== img.height) canvas = this.canvas = createCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    // data() hands out a copy of the canvas' pixels (RGBA, opaque), which the next frame drawn
    // on the reused canvas leaves alone: taken as it is (a second copy per frame only fed the
    // garbage collector, whose pauses lengthened the calls).
    const pixels = canvas.data();
    const data = new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.byteLength);
    return { data, widthPx: img.width, heightPx: img.height, timestampMs };
  }
}

function openMjpeg(path: string, fps: number): VideoSource {
  const buf = readFileSync(path);
  const index = indexMjpeg(buf);
  if (index.length === 0) throw new VideoReadError(`${path} has no JPEG frames (not a Motion JPEG file?)`);
  const decoder = new JpegDecoder();
  const first = decoder.decode(buf.subarray(index[0]!.offset, index[0]!.offset + index[0]!.length), 0);
  const info: VideoInfo = { container: 'mjpeg', widthPx: first.widthPx, heightPx: first.heightPx, fps, frameCount: index.length };
  let closed = false;
  return {
    info,
    frames: () =>
      (async function* (): AsyncGenerator<VideoFrame> {
        for (let k = 0; k < index.length && !closed; k++) {
          const { offset, length } = index[k]!;
          const timestampMs = (k * 1000) / fps;
          // Decoding is the cost of MJPEG: done here, once per frame (the tracker needs pixels).
          let frame: Frame;
          try {
            frame = decoder.decode(buf.subarray(offset, offset + length), timestampMs);
          } catch (e) {
            throw new VideoReadError(`${path}: frame ${k} is not a JPEG this program can decode (${(e as Error).message})`);
          }
          if (frame.widthPx !== info.widthPx || frame.heightPx !== info.heightPx) throw new VideoReadError(`${path}: frame ${k} changes size`);
          yield { index: k, timestampMs, widthPx: frame.widthPx, heightPx: frame.heightPx, luma: null, toFrame: () => frame };
        }
      })(),
    close: () => {
      closed = true;
    },
  };
}

export function ffmpegOnPath(): boolean {
  const r = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  return !r.error && r.status === 0;
}

function openWithFfmpeg(path: string): VideoSource {
  if (!ffmpegOnPath()) {
    throw new VideoReadError(`${basename(path)}: ${extname(path).slice(1)} video needs ffmpeg on the PATH (https://ffmpeg.org/download.html); y4m and MJPEG files need nothing else`);
  }
  let child: ReturnType<typeof spawn> | null = null;
  const info: VideoInfo = { container: 'ffmpeg', widthPx: 0, heightPx: 0, fps: 0, frameCount: null };
  const probe = spawnSync('ffmpeg', ['-v', 'error', '-i', path, '-frames:v', '1', '-f', 'yuv4mpegpipe', '-pix_fmt', 'yuv420p', '-'], { maxBuffer: 1 << 30 });
  const headLine = probe.stdout ? probe.stdout.subarray(0, Math.max(0, probe.stdout.indexOf(10))).toString('latin1') : '';
  if (probe.status !== 0 || !headLine.startsWith('YUV4MPEG2')) throw new VideoReadError(`${path}: ffmpeg cannot decode it (${probe.stderr?.toString().trim() || 'no video stream'})`);
  const h = parseY4mHeader(headLine);
  info.widthPx = h.widthPx;
  info.heightPx = h.heightPx;
  info.fps = h.fps;
  return {
    info,
    frames: () => {
      child = spawn('ffmpeg', ['-v', 'error', '-i', path, '-f', 'yuv4mpegpipe', '-pix_fmt', 'yuv420p', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
      return y4mFrames(child.stdout as AsyncIterable<Buffer>);
    },
    close: () => {
      child?.kill();
    },
  };
}
