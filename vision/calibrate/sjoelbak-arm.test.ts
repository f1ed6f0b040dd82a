import { describe, expect, it } from 'vitest';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { applyHomography } from '../geometry/homography.ts';
import { toGray, type GrayImage } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { rectHypotheses } from './calibrate-rect.ts';
import { CALIBRATE_DEFAULTS } from './defaults.ts';
import { RECT_CALIBRATE_DEFAULTS } from './rect-defaults.ts';
import { boardModel } from './rect-model.ts';

const W = 1920;
const H = 1080;
const profile = BOARD_PROFILES['sjoelbak-standard-40x200']!;

/**
 * A sjoelbak on a dark table with an arm reaching in over it (the benchmark's scene 1): the arm
 * joins the board's outline, so the hull of the whole board is bent; only the part before the
 * start bar comes out as a straight quad of its own.
 */
function armScene(): { gray: GrayImage; truth: number[] } {
  const r = renderScene(randomScene(profile, 1, { widthPx: W, heightPx: H }), profile);
  if (!r.truth.effects.hand) throw new Error('the scene has no arm over the board');
  return { gray: toGray({ data: r.rgba, widthPx: W, heightPx: H, timestampMs: 0 }), truth: r.truth.boardToImage };
}

/** Largest distance (ideal pixels) between two mappings' surface corners. */
function cornerErrorPx(found: readonly number[], truth: readonly number[]): number {
  const s = profile.surface;
  if (s.shape !== 'rect') throw new Error('rect boards only');
  const corners = [[s.minXMm, s.minYMm], [s.maxXMm, s.minYMm], [s.maxXMm, s.maxYMm], [s.minXMm, s.maxYMm]] as const;
  return Math.max(...corners.map(([x, y]) => {
    const p = applyHomography(found, x, y);
    const q = applyHomography(truth, x, y);
    return Math.hypot(p.x - q.x, p.y - q.y);
  }));
}

describe('a long board with an arm joined to its outline', () => {
  it('guesses the whole board from its own straight stretches, though a part of it gave a straight quad', async () => {
    const { cv } = await loadOpenCv();
    const { gray, truth } = armScene();
    const o = { ...CALIBRATE_DEFAULTS, ...RECT_CALIBRATE_DEFAULTS };
    const model = boardModel(profile, { spacingMm: o.rectSampleSpacingMm, maxSamples: o.rectMaxSamples });
    const hyps = rectHypotheses(cv, gray, profile, model, o, () => {});
    const best = Math.min(...hyps.map((h) => cornerErrorPx(h.state.boardToImage, truth)));
    expect(best).toBeLessThan(20);
  }, 60_000);

  it('is found where it is: its guesses, a few pixels off, moved onto the edges near them', async () => {
    const { cv } = await loadOpenCv();
    const { gray, truth } = armScene();
    const result = calibrate(cv, gray, profile);
    if (!result.found) throw new Error(`not found: ${result.reason}`);
    // The board's own lens bends it a little: its corners, seen through the found lens, within 3 px.
    expect(cornerErrorPx(result.boardToImage, truth)).toBeLessThan(3);
  }, 120_000);
});
