import { describe, expect, it } from 'vitest';
import { projectPointMm } from '../../fixtures/render/camera.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene, type SceneTruth } from '../../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography } from '../geometry/homography.ts';
import { undistortPx } from '../geometry/lens.ts';
import { toGray, type GrayImage } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrateRect } from './calibrate-rect.ts';
import type { CalibrationResult } from './types.ts';

/** A corpus scene as the benchmark sees it (full size, its random look and effects). */
function corpusScene(profile: BoardProfile, seed: number): { gray: GrayImage; truth: SceneTruth } {
  const r = renderScene(randomScene(profile, seed), profile);
  return { gray: toGray({ data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 }), truth: r.truth };
}

/** Largest distance (board mm) between the surface's corners and where a calibration maps the true camera's view of them. */
function cornerErrorMm(c: CalibrationResult, truth: SceneTruth, profile: BoardProfile): number {
  const s = profile.surface;
  if (!c.found || s.shape !== 'rect') return Infinity;
  let worst = 0;
  for (const [x, y] of [[s.minXMm, s.minYMm], [s.maxXMm, s.minYMm], [s.maxXMm, s.maxYMm], [s.minXMm, s.maxYMm]] as const) {
    const t = projectPointMm(truth.camera, { xMm: x, yMm: y, zMm: 0 });
    const u = undistortPx(c.lens, t.xPx, t.yPx);
    const b = applyHomography(c.imageToBoard, u.x, u.y);
    worst = Math.max(worst, Math.hypot(b.x - x, b.y - y));
  }
  return worst;
}

describe('a sjoelbak fit slid or stopped short along the board', () => {
  const profile = BOARD_PROFILES['sjoelbak-standard-40x200']!;

  it('refuses a fit stretched along the board that finds the gate bars but no compartment edge under them (corpus seed 39)', async () => {
    const { cv } = await loadOpenCv();
    const { gray, truth } = corpusScene(profile, 39);
    const found = calibrateRect(cv, gray, profile);
    expect(found.found).toBe(true);
    expect(cornerErrorMm(found, truth, profile)).toBeLessThan(4);
    // Without the compartments' check the stretched fit (far end ~19 mm off) is taken.
    const unchecked = calibrateRect(cv, gray, profile, { smallMarksMinFound: 0 });
    expect(unchecked.found).toBe(true);
    expect(cornerErrorMm(unchecked, truth, profile)).toBeGreaterThan(10);
  }, 240_000);

  it('fits a doubtful fit once more from where it ended (corpus seed 16)', async () => {
    const { cv } = await loadOpenCv();
    const { gray, truth } = corpusScene(profile, 16);
    const found = calibrateRect(cv, gray, profile);
    expect(found.found).toBe(true);
    expect(cornerErrorMm(found, truth, profile)).toBeLessThan(4);
    // Stopped where the first close fit ended, the near end is ~9 mm off (the second look and
    // the fit again through no lens, both taken for a fit that loose, find it otherwise: left
    // out here).
    const once = calibrateRect(cv, gray, profile, { closeFitAgain: false, secondLookAboveRmsPx: Infinity, lensRestartAboveRmsPx: Infinity });
    expect(cornerErrorMm(once, truth, profile)).toBeGreaterThan(6);
  }, 240_000);

  it('trusts a fit from a start moved onto the edges when it finds most of the board\'s edges (corpus seed 27)', async () => {
    const { cv } = await loadOpenCv();
    const { gray, truth } = corpusScene(profile, 27);
    const found = calibrateRect(cv, gray, profile);
    expect(found.found).toBe(true);
    if (!found.found) return;
    expect(found.inlierFraction).toBeGreaterThanOrEqual(0.8);
    expect(cornerErrorMm(found, truth, profile)).toBeLessThan(2);
    // Its rms (about 0.5 px) above a good fit's: without trusting the edges it finds, refused
    // (the second look's quads of straight stretches, also when a hull's quad came out straight,
    // find it too: left out here).
    const strict = calibrateRect(cv, gray, profile, { climbTrustInliers: Infinity, stretchQuadsAlwaysInLastLook: false });
    expect(strict.found).toBe(false);
  }, 240_000);
});
