/**
 * The tracker frees every cv.Mat it makes: a counting stand-in for the opencv.js module sees
 * none alive after the bundled match's frames (calibration, a full detection, detections in
 * boxes at every rest), played twice, and the wasm heap does not grow on the second time.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR } from '../../fixtures/samples/samples.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { countingCv } from '../opencv/counting-cv.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { openVideo } from '../video/open-video.ts';
import { BoardTracker } from './board-tracker.ts';


const MATCH = join(SAMPLES_DIR, 'video', 'crokinole-match.mjpeg');

describe('tracker memory', () => {
  it('no live cv.Mat after a whole match, twice; the wasm heap stays the same size', async () => {
    const { cv } = await loadOpenCv();
    const counting = countingCv(cv);
    const profile = BOARD_PROFILES['crokinole-nca-26in']!;
    const heap = () => (cv as unknown as { HEAPU8: Uint8Array }).HEAPU8.length;
    let shots = 0;
    const sizes: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      const tracker = new BoardTracker(counting.cv, { profile, teamColors: [[34, 34, 34], [236, 228, 212]] });
      const video = await openVideo(MATCH);
      for await (const f of video.frames()) for (const e of tracker.push(f)) if (e.type === 'shot') shots++;
      tracker.dispose();
      expect(counting.live()).toBe(0);
      sizes.push(heap());
    }
    expect(shots).toBe(12);
    expect(counting.made()).toBeGreaterThan(100);
    expect(sizes[1]).toBe(sizes[0]);
  }, 180_000);
});
