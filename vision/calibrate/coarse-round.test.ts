import { describe, expect, it } from 'vitest';
import { ellipseAffine, ellipseToConic, transformConic, type EllipseParams } from '../geometry/conic.ts';
import { applyHomography } from '../geometry/homography.ts';
import { fromTiltedEllipse, type Circle } from './coarse-round.ts';

const W = 1920;
const H = 1080;
const FOCAL_PX = 1500;

/**
 * Board-to-image mapping of a pinhole camera (focal FOCAL_PX, principal point at the image's
 * centre) `distanceMm` from the board's origin, tilted `tiltDeg` about the board's x axis.
 */
function tiltedCamera(tiltDeg: number, distanceMm: number): number[] {
  const t = (tiltDeg * Math.PI) / 180;
  // Board axes in camera coordinates (x right, y down, z forward) and the origin's position:
  // the board's y goes up the image and away, so it is seen from above, not mirrored.
  const r1 = [1, 0, 0];
  const r2 = [0, -Math.cos(t), Math.sin(t)];
  const o = [0, 0, distanceMm];
  const col = (i: number): number[] => [
    FOCAL_PX * [r1, r2, o][i]![0]! + (W / 2) * [r1, r2, o][i]![2]!,
    FOCAL_PX * [r1, r2, o][i]![1]! + (H / 2) * [r1, r2, o][i]![2]!,
    [r1, r2, o][i]![2]!,
  ];
  const [c0, c1, c2] = [col(0), col(1), col(2)];
  return [c0[0]!, c1[0]!, c2[0]!, c0[1]!, c1[1]!, c2[1]!, c0[2]!, c1[2]!, c2[2]!];
}

/** The image of a circle through a mapping, as an ellipse. */
function seenEllipse(h: readonly number[], c: Circle): EllipseParams {
  const conic = transformConic(ellipseToConic({ centreXPx: c.xMm, centreYPx: c.yMm, a: c.radiusMm, b: c.radiusMm, angleRad: 0 }), h);
  const aff = conic && ellipseAffine(conic);
  if (!aff) throw new Error('not an ellipse');
  return { centreXPx: aff.tx, centreYPx: aff.ty, a: Math.hypot(aff.a11, aff.a21), b: Math.hypot(aff.a12, aff.a22), angleRad: Math.atan2(aff.a21, aff.a11) };
}

/** Largest distance (px) between two mappings' images of points on and inside the circle, best over rotations about its centre. */
function errorPx(found: readonly number[], truth: readonly number[], c: Circle): number {
  let best = Infinity;
  for (let k = 0; k < 720; k++) {
    const rot = (k * Math.PI) / 360;
    let worst = 0;
    for (const f of [0, 0.5, 1]) {
      for (let i = 0; i < 12; i++) {
        const a = (i * Math.PI) / 6;
        const x = c.xMm + f * c.radiusMm * Math.cos(a);
        const y = c.yMm + f * c.radiusMm * Math.sin(a);
        const q = applyHomography(truth, x, y);
        const p = applyHomography(found, c.xMm + f * c.radiusMm * Math.cos(a + rot), c.yMm + f * c.radiusMm * Math.sin(a + rot));
        worst = Math.max(worst, Math.hypot(p.x - q.x, p.y - q.y));
      }
    }
    best = Math.min(best, worst);
  }
  return best;
}

describe('a round board from one ellipse seen in perspective', () => {
  const circle: Circle = { xMm: 0, yMm: 0, radiusMm: 300 };
  // Straight above, 20 and 35 degrees off: the circle's centre seen off the ellipse's centre.
  for (const tiltDeg of [0, 20, 35]) {
    it(`puts the circle's centre and inner points where the camera sees them (tilted ${tiltDeg} degrees)`, () => {
      const truth = tiltedCamera(tiltDeg, 1400);
      const e = seenEllipse(truth, circle);
      const errs = ([1, -1] as const).map((side) => {
        const h = fromTiltedEllipse(e, circle, FOCAL_PX, W / 2, H / 2, side);
        return h ? errorPx(h, truth, circle) : Infinity;
      });
      // One of the two sides is the camera's view to within a pixel or two (the ellipse's
      // centre is taken for the line of sight, not the circle's centre).
      expect(Math.min(...errs)).toBeLessThan(3);
      if (tiltDeg >= 20) {
        // The other side tilts the other way: the near and far edges swap scales.
        expect(Math.max(...errs)).toBeGreaterThan(10);
        // So does the ellipse taken without perspective (a camera infinitely far).
        expect(errorPx(fromTiltedEllipse(e, circle, 1e9, W / 2, H / 2, 1)!, truth, circle)).toBeGreaterThan(10);
      }
    });
  }

  it('is off by little more when the focal length is guessed 20% wrong (the retry uses the typical one)', () => {
    const truth = tiltedCamera(30, 1400);
    const e = seenEllipse(truth, circle);
    const err = Math.min(...([1, -1] as const).map((side) => errorPx(fromTiltedEllipse(e, circle, FOCAL_PX * 1.2, W / 2, H / 2, side)!, truth, circle)));
    expect(err).toBeLessThan(20);
  });
});
