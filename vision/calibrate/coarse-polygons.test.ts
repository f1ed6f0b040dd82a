import { describe, expect, it } from 'vitest';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { featuresOfKind } from '../../rules/profiles/schema.ts';
import { applyHomography, homographyFromPairs } from '../geometry/homography.ts';
import { toGray } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { polygonMappings } from './coarse-polygons.ts';

const profile = BOARD_PROFILES['pitrush-standard']!;
const hexMm = featuresOfKind(profile, 'region').find((f) => f.id === 'board')!.pointsMm.map((p) => ({ x: p.xMm, y: p.yMm }));

/** Largest distance (ideal pixels) between found and true corners of the hexagonal field, over its six turns. */
function hexErrorPx(found: readonly number[], truth: readonly number[]): number {
  let best = Infinity;
  for (let k = 0; k < 6; k++) {
    let worst = 0;
    hexMm.forEach((p, i) => {
      const q = hexMm[(i + k) % 6]!;
      const a = applyHomography(found, p.x, p.y);
      const b = applyHomography(truth, q.x, q.y);
      worst = Math.max(worst, Math.hypot(a.x - b.x, a.y - b.y));
    });
    best = Math.min(best, worst);
  }
  return best;
}

describe('a board found by its painted field', () => {
  it('maps the field\'s corners onto an image hexagon whichever corner it starts at and whichever way round it runs (only the unmirrored way is a camera\'s view)', () => {
    // A camera's view: the board's y axis up the image (image y runs down).
    const truth = [0.9, 0.2, 960, 0.1, -0.7, 540, 0.00001, -0.0002, 1];
    const imagePx = hexMm.map((p) => applyHomography(truth, p.x, p.y)).map((q) => ({ x: q.x, y: q.y }));
    for (const image of [imagePx, [...imagePx.slice(2), ...imagePx.slice(0, 2)], [...imagePx].reverse()]) {
      const hs = polygonMappings(hexMm, image, 6, { xMm: 0, yMm: 0 });
      expect(hs.length).toBe(1);
      expect(hexErrorPx(hs[0]!, truth)).toBeLessThan(1e-6);
    }
    // The corners taken the other way round fit a mirrored view just as well: that one is not given.
    const mirrored = homographyFromPairs(hexMm.map((p, i) => ({ from: p, to: imagePx[(6 - i) % 6]! })))!;
    expect(hexErrorPx(mirrored, truth)).toBeGreaterThan(10);
    expect(polygonMappings(hexMm, imagePx, 6, { xMm: 0, yMm: 0 }).some((h) => hexErrorPx(h, mirrored) < 1)).toBe(false);
  });

  // Seed 17 (1920 x 1080): a dark rail on a wood table with a strong grain, no ellipse of the
  // frame found; the light hexagonal field stands out whole.
  it('finds a PitRush board whose round frame is lost against the table, from its hexagonal field', async () => {
    const { cv } = await loadOpenCv();
    const r = renderScene(randomScene(profile, 17), profile);
    const gray = toGray({ data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 });
    const c = calibrate(cv, gray, profile);
    expect(c.found).toBe(true);
    if (!c.found) return;
    expect(hexErrorPx(c.boardToImage, r.truth.boardToImage)).toBeLessThan(2);
  }, 120_000);
});
