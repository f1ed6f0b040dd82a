import { describe, expect, it } from 'vitest';
import { loadOpenCv } from './load-opencv.ts';
import { withMats } from './mat-scope.ts';

describe('opencv.js loading', () => {
  it('loads once, without leaving an aborting unhandledRejection handler', async () => {
    const before = process.listeners('unhandledRejection').length;
    const { cv } = await loadOpenCv();
    expect(typeof cv.Mat).toBe('function');
    expect(process.listeners('unhandledRejection').length).toBeLessThanOrEqual(before);
    expect((await loadOpenCv()).cv).toBe(cv);
  });

  it('frees the Mats of a scope even when the work throws', async () => {
    const { cv } = await loadOpenCv();
    let kept: InstanceType<typeof cv.Mat> | null = null;
    expect(() =>
      withMats((s) => {
        kept = s.keep(new cv.Mat(10, 10, cv.CV_8UC1));
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(kept!.isDeleted()).toBe(true);
  });
});
