import { describe, expect, it } from 'vitest';
import { applyHomography, multiply3 } from '../geometry/homography.ts';
import { cameraCentreMm, cameraHomography, cameraMismatch, nearestCamera, perturbCamera, projectIdeal } from './camera-model.ts';
import { cameraLookingDown } from './test-views.ts';

const W = 1920;
const H = 1080;
const camera = cameraLookingDown({ xMm: 100, yMm: -50, distanceMm: 1500, tiltDeg: 25, turnDeg: 30, focalPx: 1400, widthPx: W, heightPx: H });

describe('pinhole camera over the board', () => {
  it('its homography maps the board plane as the camera projects it', () => {
    const h = cameraHomography(camera);
    for (const [x, y] of [[0, 0], [300, -200], [-400, 250]] as const) {
      const a = applyHomography(h, x, y);
      const b = projectIdeal(camera, x, y);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(1e-6);
    }
  });

  it('sees a raised point farther from the camera foot than the board point under it', () => {
    const c = cameraCentreMm(camera);
    expect(c.zMm).toBeGreaterThan(1000);
    const foot = projectIdeal(camera, c.xMm, c.yMm, 0);
    const low = projectIdeal(camera, 300, 200, 0);
    const high = projectIdeal(camera, 300, 200, 30);
    expect(Math.hypot(high.x - foot.x, high.y - foot.y)).toBeGreaterThan(Math.hypot(low.x - foot.x, low.y - foot.y) + 5);
  });

  it('finds the camera again from its homography, focal length included', () => {
    const h = cameraHomography(camera);
    const m = cameraMismatch(h, W / 2, H / 2, 0.25 * W, 2.5 * W);
    expect(m.mismatch).toBeLessThan(1e-4);
    expect(Math.abs(m.focalPx / 1400 - 1)).toBeLessThan(0.01);
    const again = nearestCamera(h, W / 2, H / 2, m.focalPx)!;
    const c0 = cameraCentreMm(camera);
    const c1 = cameraCentreMm(again);
    expect(Math.hypot(c1.xMm - c0.xMm, c1.yMm - c0.yMm, c1.zMm - c0.zMm)).toBeLessThan(0.02 * c0.zMm);
  });

  it('tells a board stretched one way (a wrong outline) from any camera view', () => {
    const stretched = multiply3(cameraHomography(camera), [1.3, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(cameraMismatch(stretched, W / 2, H / 2, 0.25 * W, 2.5 * W).mismatch).toBeGreaterThan(0.1);
  });

  it('a small turn of the camera moves the image by about focal times the angle', () => {
    const p0 = projectIdeal(camera, 0, 0);
    const p1 = projectIdeal(perturbCamera(camera, [0, 0.001, 0], [0, 0, 0], 0), 0, 0);
    expect(Math.hypot(p1.x - p0.x, p1.y - p0.y)).toBeCloseTo(1.4, 1);
  });
});
