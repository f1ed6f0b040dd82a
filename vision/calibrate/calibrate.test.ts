import { beforeAll, describe, expect, it } from 'vitest';
import { sample } from '../../fixtures/samples/samples.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { applyHomography } from '../geometry/homography.ts';
import { loadImageFile } from '../image/load-image-node.ts';
import { toGray, type GrayImage } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;
let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

/** Largest pixel distance between two board-to-image maps over the board, modulo the board's symmetry. */
function mappingErrorPx(a: readonly number[], b: readonly number[], order: number): number {
  let best = Infinity;
  for (let k = 0; k < order; k++) {
    const t = (2 * Math.PI * k) / order;
    let worst = 0;
    for (let i = 0; i < 16; i++) {
      const r = i % 2 === 0 ? 300 : 150;
      const ang = (i * Math.PI) / 8;
      const x = r * Math.cos(ang);
      const y = r * Math.sin(ang);
      const p = applyHomography(a, x * Math.cos(t) - y * Math.sin(t), x * Math.sin(t) + y * Math.cos(t));
      const q = applyHomography(b, x, y);
      worst = Math.max(worst, Math.hypot(p.x - q.x, p.y - q.y));
    }
    best = Math.min(best, worst);
  }
  return best;
}

describe('calibration of a crokinole board', () => {
  it('finds the clean board to a fraction of a pixel, with the camera pose', async () => {
    const s = sample('crokinole-clean');
    const gray = toGray(await loadImageFile(s.imagePath));
    const cal = calibrate(cv, gray, croki);
    expect(cal.found).toBe(true);
    if (!cal.found) return;
    expect(cal.rmsErrorPx).toBeLessThan(0.3);
    // Tolerance: 0.5 px anywhere on the board (the truth is the renderer's exact mapping).
    expect(mappingErrorPx(cal.boardToImage, s.truth.boardToImage, croki.symmetryOrder)).toBeLessThan(0.5);
    expect(Math.abs(cal.camera.tiltDeg - 15)).toBeLessThan(1.5);
    const truthZ = s.truth.camera.centreMm.zMm;
    expect(Math.abs(cal.camera.centreZMm - truthZ) / truthZ).toBeLessThan(0.05);
  });

  it('says why when there is no board', () => {
    const w = 640;
    const h = 360;
    const data = new Float32Array(w * h);
    // Smooth gradient and a rectangle: edges, but nothing round.
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = 80 + x * 0.1 + (x > 200 && x < 400 && y > 100 && y < 250 ? 90 : 0);
    const gray: GrayImage = { data, widthPx: w, heightPx: h };
    const cal = calibrate(cv, gray, croki);
    expect(cal.found).toBe(false);
    if (!cal.found) expect(cal.reason.length).toBeGreaterThan(10);
  });
});
