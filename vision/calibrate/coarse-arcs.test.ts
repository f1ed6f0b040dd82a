import { beforeAll, describe, expect, it } from 'vitest';
import type { GrayImage } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { arcsOf, findLargeEllipses } from './coarse-ellipses.ts';
import { CALIBRATE_DEFAULTS } from './defaults.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

/** A dark round board on a light table, an arm (a bar of its own tone) reaching over its edge from the right. */
function boardUnderArm(armTone: number): GrayImage {
  const widthPx = 960;
  const heightPx = 540;
  const data = new Float32Array(widthPx * heightPx);
  for (let y = 0; y < heightPx; y++)
    for (let x = 0; x < widthPx; x++) {
      const onBoard = Math.hypot(x - 470, y - 280) <= 210;
      const onArm = x >= 560 && Math.abs(y - 200) <= 35;
      data[y * widthPx + x] = onArm ? armTone : onBoard ? 70 : 190;
    }
  return { data, widthPx, heightPx };
}

const nearBoard = (es: ReturnType<typeof findLargeEllipses>) => es.filter((e) => Math.hypot(e.centreXPx - 470, e.centreYPx - 280) < 4 && Math.abs(e.widthPx - 420) < 8 && Math.abs(e.heightPx - 420) < 8);

describe('coarse ellipses under an arm', () => {
  it('cuts a contour where it turns sharply: an arc joined to a straight edge comes back as two pieces', () => {
    const pts: number[] = [];
    // A quarter circle of radius 80 px, one point a pixel (as a contour is), then straight on at a right angle.
    for (let i = 0; i <= 125; i++) pts.push(Math.round(100 + 80 * Math.cos((i * Math.PI) / 250)), Math.round(100 + 80 * Math.sin((i * Math.PI) / 250)));
    for (let i = 1; i <= 40; i++) pts.push(100, 180 + i);
    const arcs = arcsOf(Int32Array.from(pts), 6, 40);
    expect(arcs.length).toBe(2);
    // The arc keeps most of its points (a few at the corner are cut off).
    expect(arcs[0]!.length / 2).toBeGreaterThan(110);
    expect(arcs[1]!.length / 2).toBeGreaterThan(28);
  });

  it("finds a board's round edge that an arm joins to its own outline, and not with the arcs turned off", () => {
    for (const tone of [130, 230]) {
      const gray = boardUnderArm(tone);
      expect(nearBoard(findLargeEllipses(cv, gray, CALIBRATE_DEFAULTS)).length, `arm tone ${tone}`).toBeGreaterThan(0);
      // Control: a step longer than any contour never cuts one.
      expect(nearBoard(findLargeEllipses(cv, gray, { ...CALIBRATE_DEFAULTS, arcCornerStepPx: 1e6 })).length, `arm tone ${tone}, arcs off`).toBe(0);
    }
  });
});
