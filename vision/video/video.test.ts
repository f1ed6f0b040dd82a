/**
 * Video readers: y4m written and read back (luma as written, RGBA within rounding), Motion
 * JPEG frames found by walking the JPEG segments, and clear errors for what cannot be read.
 * Video writers: Motion JPEG and mp4 (through ffmpeg) written and read back.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { encodeJpeg, MjpegWriter, Y4mWriter } from '../../fixtures/video/encode.ts';
import { ffmpegOnPath, indexMjpeg, openVideo } from './open-video.ts';
import { VideoReadError } from './types.ts';
import { openVideoWriter } from './video-writer.ts';
import { tempDir } from '../../test/temp-dir.ts';

const W = 64;
const H = 48;

function frame(k: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const j = (y * W + x) * 4;
      out[j] = x * 2 + k * 10;
      out[j + 1] = (y * 5) % 256;
      out[j + 2] = 128;
      out[j + 3] = 255;
    }
  }
  return out;
}

async function readAll(path: string, fps?: number) {
  const v = await openVideo(path, fps ? { fps } : {});
  const frames = [];
  for await (const f of v.frames()) frames.push({ index: f.index, t: f.timestampMs, luma: f.luma ? Uint8Array.from(f.luma) : null, rgba: Uint8ClampedArray.from(f.toFrame().data) });
  return { info: v.info, frames };
}

describe('video readers', () => {
  const dir = tempDir('video-');

  it('y4m: header, frame count, timestamps, luma plane and RGBA as written', async () => {
    const path = join(dir, 'a.y4m');
    const w = new Y4mWriter(path, W, H, 30);
    for (let k = 0; k < 5; k++) w.write(frame(k));
    w.close();
    const { info, frames } = await readAll(path);
    expect(info).toMatchObject({ container: 'y4m', widthPx: W, heightPx: H, fps: 30, frameCount: 5 });
    expect(frames.map((f) => f.index)).toEqual([0, 1, 2, 3, 4]);
    expect(frames[3]!.t).toBeCloseTo(100, 6);
    expect(frames[0]!.luma).not.toBeNull();
    // RGBA back within the rounding of 8-bit YUV 4:2:0 (chroma is shared by 2x2 pixels).
    const src = frame(2);
    let worst = 0;
    for (let i = 0; i < src.length; i += 4) for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(src[i + c]! - frames[2]!.rgba[i + c]!));
    expect(worst).toBeLessThanOrEqual(12);
    // A part of a frame converted alone: as in the whole frame inside, nothing outside.
    const v = await openVideo(path);
    for await (const f of v.frames()) {
      if (f.index !== 2) continue;
      const part = f.toFrameIn!({ x0: 10, y0: 5, x1: 30, y1: 21 }).data;
      const whole = f.toFrame().data;
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const j = (y * W + x) * 4;
          const inside = x >= 10 && x < 30 && y >= 5 && y < 21;
          expect([part[j], part[j + 1], part[j + 2], part[j + 3]]).toEqual(inside ? [whole[j], whole[j + 1], whole[j + 2], whole[j + 3]] : [0, 0, 0, 0]);
        }
      }
      // So is the grey image (the whole one is a frame's worth of work for a detection in a box).
      const grayPart = f.toGrayIn!({ x0: 10, y0: 5, x1: 30, y1: 21 }).data;
      const grayWhole = f.toGray!().data;
      expect(grayWhole.some((v) => v > 0)).toBe(true);
      for (let i = 0; i < W * H; i++) {
        const x = i % W;
        const y = (i - x) / W;
        expect(grayPart[i]).toBe(x >= 10 && x < 30 && y >= 5 && y < 21 ? grayWhole[i] : 0);
      }
    }
  });

  it('MJPEG: frames found by their JPEG segments, frame rate from the option', async () => {
    const path = join(dir, 'b.mjpeg');
    const w = new MjpegWriter(path, W, H, 90);
    for (let k = 0; k < 4; k++) w.write(frame(k));
    w.close();
    const { info, frames } = await readAll(path, 25);
    expect(info).toMatchObject({ container: 'mjpeg', widthPx: W, heightPx: H, fps: 25, frameCount: 4 });
    expect(frames[2]!.t).toBeCloseTo(80, 6);
    expect(frames[0]!.luma).toBeNull();
    // Each frame's pixels stay as decoded while the frames after it are decoded (the decoder
    // reuses its image and canvas; a tracker holds a frame for detection made ahead).
    const v = await openVideo(path, { fps: 25 });
    const held: ArrayLike<number>[] = [];
    for await (const f of v.frames()) held.push(f.toFrame().data);
    const meanRed = (d: ArrayLike<number>) => Array.from(d).reduce((s, x, i) => (i % 4 === 0 ? s + x : s), 0) / (W * H);
    expect(held).toHaveLength(4);
    // (Frame k is 10k redder than frame 0: a frame overwritten by a later one is 10 or more off.)
    for (const [k, d] of held.entries()) expect(Math.abs(meanRed(d) - meanRed(frame(k)))).toBeLessThan(3);
    // A 0xFF 0xD9 inside a segment (here a comment) does not end the image.
    const jpeg = encodeJpeg(frame(0), W, H, 90);
    const comment = Buffer.from([0xff, 0xfe, 0x00, 0x06, 0xff, 0xd9, 0x01, 0x02]);
    const tricky = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2), jpeg]);
    expect(indexMjpeg(tricky).map((x) => x.length)).toEqual([jpeg.length + comment.length, jpeg.length]);
  });

  it('says clearly what it cannot read', async () => {
    await expect(openVideo(join(dir, 'missing.y4m'))).rejects.toThrow(/no such file/);
    const junk = join(dir, 'junk.mjpeg');
    writeFileSync(junk, 'not a video');
    await expect(openVideo(junk)).rejects.toThrow(VideoReadError);
    const bad = join(dir, 'bad.y4m');
    writeFileSync(bad, 'RIFF something else\n');
    await expect(openVideo(bad)).rejects.toThrow(/not a YUV4MPEG2/);
    // Without ffmpeg on the PATH, an mp4 says what it needs.
    const mp4 = join(dir, 'c.mp4');
    writeFileSync(mp4, 'x');
    const path = process.env.PATH;
    process.env.PATH = join(dir, 'no-such-bin');
    try {
      await expect(openVideo(mp4)).rejects.toThrow(/needs ffmpeg on the PATH/);
    } finally {
      process.env.PATH = path;
    }
  });
});

/** The mp4 tests need ffmpeg: without it they fail and say so (CI installs it). */
function requireFfmpeg(): void {
  if (!ffmpegOnPath()) throw new Error('ffmpeg is not on the PATH: install it (Debian: apt-get install ffmpeg) to run the mp4 tests');
}

function canvasOf(rgba: Uint8ClampedArray): Canvas {
  const c = createCanvas(W, H);
  const ctx = c.getContext('2d');
  const img = ctx.createImageData(W, H);
  img.data.set(rgba);
  ctx.putImageData(img, 0, 0);
  return c;
}

function worstDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let worst = 0;
  for (let i = 0; i < a.length; i += 4) for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a[i + c]! - b[i + c]!));
  return worst;
}

describe('video writers', () => {
  const dir = tempDir('video-out-');

  it('MJPEG: frames written as JPEGs read back, frame rate from the JSON beside the file', async () => {
    const w = openVideoWriter(join(dir, 'a'), { widthPx: W, heightPx: H, fps: 24, format: 'mjpeg', jpegQuality: 95 });
    expect(w.path).toBe(join(dir, 'a.mjpeg'));
    for (let k = 0; k < 6; k++) await w.write(canvasOf(frame(k)));
    await w.close();
    expect(w.frames).toBe(6);
    const { info, frames } = await readAll(w.path);
    expect(info).toMatchObject({ container: 'mjpeg', widthPx: W, heightPx: H, fps: 24, frameCount: 6 });
    expect(worstDifference(frames[4]!.rgba, frame(4))).toBeLessThanOrEqual(12);
  });

  it('mp4 (H.264 through ffmpeg): written and read back, size, rate, frames and pixels', async () => {
    requireFfmpeg();
    const w = openVideoWriter(join(dir, 'b'), { widthPx: W, heightPx: H, fps: 30 });
    expect(w.format).toBe('mp4');
    for (let k = 0; k < 10; k++) await w.write(canvasOf(frame(k)));
    await w.close();
    const { info, frames } = await readAll(w.path);
    expect(info).toMatchObject({ container: 'ffmpeg', widthPx: W, heightPx: H, fps: 30 });
    expect(frames.map((f) => f.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(frames[9]!.t).toBeCloseTo(300, 6);
    expect(frames[0]!.luma).not.toBeNull();
    // Lossy, 4:2:0: within a few grey levels of what was written.
    expect(worstDifference(frames[7]!.rgba, frame(7))).toBeLessThanOrEqual(24);
    expect(worstDifference(frames[7]!.rgba, frame(2))).toBeGreaterThan(40);
  });

  it('an encoder that fails is reported, not left half written', async () => {
    requireFfmpeg();
    const w = openVideoWriter(join(dir, 'no-such-dir', 'c'), { widthPx: W, heightPx: H, fps: 30, format: 'mp4' });
    await w.write(canvasOf(frame(0))).catch(() => {});
    await expect(w.close()).rejects.toThrow(/ffmpeg could not write/);
  });
});
