import { describe, expect, it } from 'vitest';
import { applyHomography, multiply3 } from '../geometry/homography.ts';
import { noLens } from '../geometry/lens.ts';
import { cameraHomography } from './camera-model.ts';
import { snapSlantedSides } from './polygon-snap.ts';
import { cameraLookingDown, renderView } from './test-views.ts';

const W = 640;
const H = 480;
const R = 390;
const APOTHEM = R * Math.cos(Math.PI / 6);
const hexagon = Array.from({ length: 6 }, (_, k) => ({ x: R * Math.cos((k * Math.PI) / 3), y: R * Math.sin((k * Math.PI) / 3) }));
const sideDistance = (x: number, y: number) => Math.max(...Array.from({ length: 6 }, (_, k) => x * Math.cos(((k + 0.5) * Math.PI) / 3) + y * Math.sin(((k + 0.5) * Math.PI) / 3)));
// A light hexagonal field on a darker round board; inside each side, 50 mm in, a dark painted
// line 60% as long as the side (a shooting line): far stronger than the field's edge.
const shade = (x: number, y: number) => {
  if (Math.hypot(x, y) > 420) return 50;
  const d = sideDistance(x, y);
  if (d > APOTHEM) return 150;
  for (let k = 0; k < 6; k++) {
    const a = ((k + 0.5) * Math.PI) / 3;
    const across = x * Math.cos(a) + y * Math.sin(a);
    const along = -x * Math.sin(a) + y * Math.cos(a);
    if (Math.abs(across - (APOTHEM - 50)) < 2 && Math.abs(along) < 0.3 * R) return 20;
  }
  return 190;
};

describe('snapping a polygon side by side with offset and slant free', () => {
  const camera = cameraLookingDown({ xMm: 0, yMm: 0, distanceMm: 1400, tiltDeg: 25, turnDeg: 20, focalPx: 520, widthPx: W, heightPx: H });
  const img = renderView(camera, noLens(W, H), W, H, shade);
  const truth = cameraHomography(camera);
  const options = { rangePx: 30, slantFraction: 0.5, perSide: 40, capResponse: 12, minMeanResponse: 3, minResponse: 4 };
  const worstPx = (h: readonly number[]) => Math.max(...hexagon.map((p) => {
    const a = applyHomography(h, p.x, p.y);
    const b = applyHomography(truth, p.x, p.y);
    return Math.hypot(a.x - b.x, a.y - b.y);
  }));

  it('lands on the field from a guess turned, scaled and shifted, past a darker line inside each side', () => {
    const c = Math.cos(0.05);
    const sn = Math.sin(0.05);
    const guess = multiply3([1.04, 0, 6, 0, 1.04, -5, 0, 0, 1], multiply3(truth, [c, -sn, 0, sn, c, 0, 0, 0, 1]));
    expect(worstPx(guess)).toBeGreaterThan(10);
    const snapped = snapSlantedSides(img, guess, noLens(W, H), hexagon, options);
    expect(snapped).not.toBeNull();
    expect(worstPx(snapped!.boardToImage)).toBeLessThan(1);
  });

  it('finds nothing where no edge runs along a side', () => {
    const flat = renderView(camera, noLens(W, H), W, H, () => 120);
    expect(snapSlantedSides(flat, truth, noLens(W, H), hexagon, options)).toBeNull();
  });
});
