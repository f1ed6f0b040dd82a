import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { applyHomography } from '../geometry/homography.ts';
import type { Frame } from '../image/frame.ts';
import { cameraLookingDown, exactCalibration } from '../calibrate/test-views.ts';
import type { Calibration } from '../calibrate/types.ts';
import { lookAlikes, paintedLookAlike } from './painted-lookalikes.ts';

const carrom = BOARD_PROFILES['carrom-standard-74cm']!;
const W = 1280;
const H = 960;

function calibrationFor(cam: ReturnType<typeof cameraLookingDown>): Calibration {
  return exactCalibration(cam, { widthPx: W, heightPx: H }, carrom.id, 1);
}

/** An RGBA frame of the board: `paint(xMm, yMm)` gives each pixel's colour. */
function frameOf(cal: Calibration, paint: (xMm: number, yMm: number) => [number, number, number]): Frame {
  const data = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const b = applyHomography(cal.imageToBoard, x, y);
      const c = paint(b.x, b.y);
      data.set([c[0], c[1], c[2], 255], (y * W + x) * 4);
    }
  }
  return { data, widthPx: W, heightPx: H, timestampMs: 0 };
}

const board: [number, number, number] = [210, 170, 120];
const red: [number, number, number] = [190, 50, 40];
const spotAt = { xMm: -214.8, yMm: -246.6 };
/** Carrom's base circle as painted: a red spot, bare board, a dark ring. */
const baseCircle = (x: number, y: number): [number, number, number] => {
  const r = Math.hypot(x - spotAt.xMm, y - spotAt.yMm);
  return r <= 12.7 ? red : r >= 14.9 && r <= 15.9 ? [30, 30, 30] : board;
};

describe('painted look-alikes of a piece', () => {
  it('lists carrom base circles (with their bare ring), the centre spot and the pockets for a man', () => {
    const l = lookAlikes(carrom, 15.9);
    const base = l.find((x) => x.id === 'base-circle-s-w')!;
    expect(base.bareMm![0]).toBeGreaterThan(12.7);
    expect(base.bareMm![1]).toBeLessThan(14.9);
    expect(l.find((x) => x.id === 'centre-spot')!.bareMm).toBeNull();
    expect(l.filter((x) => x.hole)).toHaveLength(4);
    expect(lookAlikes(carrom, 20.65).map((x) => x.id).sort()).toEqual(['pocket-ne', 'pocket-nw', 'pocket-se', 'pocket-sw']);
  });

  const cal = calibrationFor(cameraLookingDown({ xMm: 0, yMm: 0, distanceMm: 1500, tiltDeg: 0, turnDeg: 0, focalPx: 1000, widthPx: W, heightPx: H }));
  const candidates = lookAlikes(carrom, 15.9);
  const at = { ...spotAt, state: 'on-board' as const };

  it('takes a base circle showing bare board inside for paint', () => {
    expect(paintedLookAlike(frameOf(cal, baseCircle), cal, at, 8, candidates)?.id).toBe('base-circle-s-w');
  });

  it('takes a man covering a base circle (one colour all the way out) for a piece', () => {
    const man = (x: number, y: number): [number, number, number] => (Math.hypot(x - spotAt.xMm, y - spotAt.yMm) <= 15.9 ? [240, 240, 235] : baseCircle(x, y));
    expect(paintedLookAlike(frameOf(cal, man), cal, at, 8, candidates)).toBeNull();
  });

  it('tells the plain centre spot from a queen on it by parallax when the camera stands aside', () => {
    const aside = calibrationFor(cameraLookingDown({ xMm: -400, yMm: -500, distanceMm: 1200, tiltDeg: 0, turnDeg: 0, focalPx: 1000, widthPx: W, heightPx: H }));
    const frame = frameOf(aside, () => board);
    const c = aside.camera;
    const k = 8 / c.centreZMm;
    const seenPaint = { xMm: c.centreXMm * k, yMm: c.centreYMm * k, state: 'on-board' as const };
    expect(Math.hypot(seenPaint.xMm, seenPaint.yMm)).toBeGreaterThan(2);
    expect(paintedLookAlike(frame, aside, seenPaint, 8, candidates)?.id).toBe('centre-spot');
    expect(paintedLookAlike(frame, aside, { xMm: 0.1, yMm: -0.1, state: 'on-board' }, 8, candidates)).toBeNull();
    // Straight above the spot the shift is too small to tell: the paint is what is always there.
    expect(paintedLookAlike(frameOf(cal, () => board), cal, { xMm: 0, yMm: 0, state: 'on-board' }, 8, candidates)?.id).toBe('centre-spot');
  });

  it('drops a piece put in a pocket: it has left the board', () => {
    const frame = frameOf(cal, () => board);
    expect(paintedLookAlike(frame, cal, { xMm: 347.75, yMm: 347.75, state: 'in-hole' }, 8, candidates)?.id).toBe('pocket-ne');
  });
});
