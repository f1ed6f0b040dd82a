import { describe, expect, it } from 'vitest';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { toGray } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { multiply3 } from '../geometry/homography.ts';
import { noLens } from '../geometry/lens.ts';
import { calibrateRect, frameOuterCoverage } from './calibrate-rect.ts';
import { cameraCentreMm, cameraHomography } from './camera-model.ts';
import { cameraLookingDown, renderView } from './test-views.ts';

const W = 960;
const H = 540;
const profile = BOARD_PROFILES['sjoelbak-standard-40x200']!;

describe('frameOuterCoverage', () => {
  // Straight down over the middle of the board, its length across the image.
  const camera = cameraLookingDown({ xMm: 0, yMm: 1000, distanceMm: 5000, tiltDeg: 0, turnDeg: 90, focalPx: 2000, widthPx: W, heightPx: H });
  const centre = cameraCentreMm(camera);
  const f = profile.outline;
  if (f.shape !== 'rect' || !f.heightMm) throw new Error('sjoelbak has a raised rectangular frame');
  // The frame's top (light) against the table (dark), its outer edge seen at the frame's height.
  const k = f.heightMm / (centre.zMm - f.heightMm);
  const seenX = (x: number) => x + k * (x - centre.xMm);
  const seenY = (y: number) => y + k * (y - centre.yMm);
  const lens = noLens(W, H);
  const gray = renderView(camera, lens, W, H, (x, y) => (x > seenX(f.minXMm) && x < seenX(f.maxXMm) && y > seenY(f.minYMm) && y < seenY(f.maxYMm) ? 190 : 60));
  const h = cameraHomography(camera);
  const o = { rangePx: 1.5, minResponse: 4, spacingMm: 10 };

  it('finds both long sides\' outer edges where the true view puts them', () => {
    const c = frameOuterCoverage(gray, { boardToImage: h, lens }, profile, centre, o);
    expect(c.e).toBeGreaterThan(0.9);
    expect(c.w).toBeGreaterThan(0.9);
    // The near end is open: no frame there.
    expect(c.s).toBeUndefined();
  });

  it('misses them when the view is slid across by a wall\'s thickness', () => {
    const slid = multiply3(h, [1, 0, 15, 0, 1, 0, 0, 0, 1]);
    const c = frameOuterCoverage(gray, { boardToImage: slid, lens }, profile, centre, o);
    expect(Math.max(c.e ?? 0, c.w ?? 0)).toBeLessThan(0.3);
  });

  it('misses them when the view is widened onto the frame\'s outline', () => {
    const wide = multiply3(h, [215 / 200, 0, 0, 0, 1, 0, 0, 0, 1]);
    const c = frameOuterCoverage(gray, { boardToImage: wide, lens }, profile, centre, o);
    expect(Math.max(c.e ?? 0, c.w ?? 0)).toBeLessThan(0.3);
  });
});

describe('the frame check in the automatic calibration', () => {
  it('holds a fit to its frame\'s outer edges unless it finds most of the board\'s edges', async () => {
    const { cv } = await loadOpenCv();
    // A dark frame on a dark table: its outer edges faint, the board itself clear.
    const r = renderScene(randomScene(profile, 1, { widthPx: W, heightPx: H, effects: 'none' }), profile);
    expect(r.truth.look.railColor).toBe('#5a3a1e');
    const gray = toGray({ data: r.rgba, widthPx: W, heightPx: H, timestampMs: 0 });
    expect(calibrate(cv, gray, profile).found).toBe(true);
    const strict = calibrateRect(cv, gray, profile, { frameOuterTrustInliers: 1.01 });
    expect(strict.found).toBe(false);
    if (!strict.found) expect(strict.reason).toMatch(/outer edges of the board's frame/);
  }, 120_000);
});
