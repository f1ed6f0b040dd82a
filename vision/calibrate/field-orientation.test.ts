import { describe, expect, it } from 'vitest';
import { applyHomography, multiply3 } from '../geometry/homography.ts';
import { noLens } from '../geometry/lens.ts';
import { cameraHomography } from './camera-model.ts';
import { snapPolygonSides } from './coarse-quads.ts';
import { fieldRotations } from './field-orientation.ts';
import { cameraLookingDown, renderView } from './test-views.ts';

const W = 640;
const H = 480;
const R = 390;
// A hexagonal field (corners on a circle, one at +x) turned by 17 degrees, inside a round board.
const TURN = (17 * Math.PI) / 180;
const hexagon = Array.from({ length: 6 }, (_, k) => ({ x: R * Math.cos((k * Math.PI) / 3), y: R * Math.sin((k * Math.PI) / 3) }));
const inHexagon = (x: number, y: number) => {
  const u = Math.cos(-TURN) * x - Math.sin(-TURN) * y;
  const v = Math.sin(-TURN) * x + Math.cos(-TURN) * y;
  for (let k = 0; k < 6; k++) {
    const a = ((k + 0.5) * Math.PI) / 3;
    if (u * Math.cos(a) + v * Math.sin(a) > R * Math.cos(Math.PI / 6)) return false;
  }
  return true;
};
const shade = (x: number, y: number) => (Math.hypot(x, y) > 420 ? 50 : Math.hypot(x, y) > R ? 90 : inHexagon(x, y) ? 200 : 140);
const rot = (a: number) => [Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a), 0, 0, 0, 1];

describe('field polygon on a round board', () => {
  const camera = cameraLookingDown({ xMm: 0, yMm: 0, distanceMm: 1400, tiltDeg: 15, turnDeg: 40, focalPx: 520, widthPx: W, heightPx: H });
  const img = renderView(camera, noLens(W, H), W, H, shade);
  const truth = cameraHomography(camera);

  it('finds the field turned by its true angle (within its symmetry) from a mapping known up to a turn', () => {
    const rough = multiply3(truth, rot(0.4));
    const found = fieldRotations({ gray: img, boardToImage: rough, lens: noLens(W, H), centre: { xMm: 0, yMm: 0 }, innerMm: 0.6 * R, outerMm: 0.97 * R, stepMm: 5, normalsDeg: [30, 90, 150] }, 2);
    // rough * rot(deg) should equal truth * rot(17 deg) modulo 60 degrees.
    const want = (((17 - (0.4 * 180) / Math.PI) % 60) + 60) % 60;
    const d = Math.abs(found[0]!.deg - want);
    // A first guess for the fit to refine: within a few degrees.
    expect(Math.min(d, 60 - d)).toBeLessThanOrEqual(3);
  });

  it('moves the field polygon sides onto its edges from a guess a few pixels off', () => {
    const guess = multiply3([1.03, 0, 6, 0, 1.03, -5, 0, 0, 1], multiply3(truth, rot(TURN)));
    const snapped = snapPolygonSides(img, guess, noLens(W, H), hexagon, 25, 4)!;
    expect(snapped).not.toBeNull();
    const want = multiply3(truth, rot(TURN));
    for (const p of hexagon) {
      const a = applyHomography(snapped.boardToImage, p.x * 0.9, p.y * 0.9);
      const b = applyHomography(want, p.x * 0.9, p.y * 0.9);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(0.7);
    }
  });
});
