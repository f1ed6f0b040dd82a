/**
 * Video readers: y4m written and read back (luma as written, RGBA within rounding), Motion
 * JPEG frames found by walking the JPEG segments, and clear errors for what cannot be read.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeJpeg, MjpegWriter, Y4mWriter } from '../../fixtures/video/encode.ts';
import { ffmpegOnPath, indexMjpeg, openVideo } from './open-video.ts';
import { VideoReadError } from './types.ts';

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
  const dir = mkdtempSync(join(tmpdir(), 'video-'));

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
    if (!ffmpegOnPath()) {
      const mp4 = join(dir, 'c.mp4');
      writeFileSync(mp4, 'x');
      await expect(openVideo(mp4)).rejects.toThrow(/needs ffmpeg on the PATH/);
    }
  });
});
