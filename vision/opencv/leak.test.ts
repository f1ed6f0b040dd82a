/**
 * Every cv.Mat the vision makes is freed: count Mats made through a counting stand-in for
 * the opencv.js module over 500 frames and expect none alive at the end.
 */
import { describe, expect, it } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import { sample } from '../../fixtures/samples/samples.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { Frame } from '../image/frame.ts';
import { analyzeFrame } from '../pipeline/analyze-frame.ts';
import { countingCv } from './counting-cv.ts';
import { loadOpenCv } from './load-opencv.ts';


async function smallFrame(path: string, widthPx: number): Promise<Frame> {
  const img = await loadImage(readFileSync(path));
  const h = Math.round((img.height * widthPx) / img.width);
  const c = createCanvas(widthPx, h);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0, widthPx, h);
  const d = ctx.getImageData(0, 0, widthPx, h).data;
  return { data: new Uint8ClampedArray(d.buffer, d.byteOffset, d.byteLength), widthPx, heightPx: h, timestampMs: 0 };
}

describe('opencv.js memory', () => {
  it('the counter sees a leak when there is one', async () => {
    const { cv } = await loadOpenCv();
    const c = countingCv(cv);
    const m = new c.cv.Mat(4, 4, cv.CV_8UC1);
    expect(c.live()).toBe(1);
    m.delete();
    expect(c.live()).toBe(0);
  });

  it('no live cv.Mat after 500 frames of calibration and detection', async () => {
    const { cv } = await loadOpenCv();
    const counting = countingCv(cv);
    const profile = BOARD_PROFILES['crokinole-nca-26in']!;
    const frame = await smallFrame(sample('crokinole-clean').imagePath, 640);
    const first = analyzeFrame(counting.cv, frame, profile);
    expect(first.calibration.found).toBe(true);
    if (!first.calibration.found) return;
    let detections = 0;
    for (let i = 1; i < 500; i++) {
      // A fresh calibration every 50th frame (as after a camera bump), detection on all.
      const a = analyzeFrame(counting.cv, { ...frame, timestampMs: i * 33 }, profile, i % 50 === 0 ? {} : { calibration: first.calibration });
      detections += a.detection?.discs.length ?? 0;
    }
    expect(detections).toBeGreaterThan(0);
    expect(counting.live()).toBe(0);
  }, 300_000);
});
