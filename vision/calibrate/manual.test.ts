import { beforeAll, describe, expect, it } from 'vitest';
import { sample } from '../../fixtures/samples/samples.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { applyHomography, multiply3 } from '../geometry/homography.ts';
import { toGray } from '../image/frame.ts';
import { loadImageFile } from '../image/load-image-node.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { calibrateFromPoints } from './manual.ts';
import { checkSavedCalibration, parseSavedCalibration, toSaved } from './saved-calibration.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;
let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('manual calibration', () => {
  it('fits clicked points exactly when they are exact, and reports the error of sloppy clicks', () => {
    const truth = sample('crokinole-clean').truth.boardToImage;
    const board = [
      [0, 101.6],
      [101.6, 0],
      [0, -203.2],
      [-304.8, 0],
      [215, 215],
    ];
    const exact = board.map(([x, y]) => ({ ...toPx(truth, x!, y!), xMm: x!, yMm: y! }));
    const cal = calibrateFromPoints(exact, 1920, 1080, croki.id);
    expect(cal.found).toBe(true);
    if (!cal.found) return;
    expect(cal.method).toBe('manual');
    expect(cal.rmsErrorPx).toBeLessThan(1e-6);
    const q = applyHomography(cal.boardToImage, 100, -50);
    const t = applyHomography(truth, 100, -50);
    expect(Math.hypot(q.x - t.x, q.y - t.y)).toBeLessThan(1e-6);
    const sloppy = exact.map((p, i) => ({ ...p, xPx: p.xPx + (i % 2 ? 2 : -2) }));
    const c2 = calibrateFromPoints(sloppy, 1920, 1080, croki.id);
    expect(c2.found && c2.rmsErrorPx).toBeGreaterThan(0.5);
  });

  it('refuses fewer than four points or points on one line', () => {
    expect(calibrateFromPoints([], 100, 100, 'x').found).toBe(false);
    const line = [0, 1, 2, 3].map((i) => ({ xPx: i * 10, yPx: i * 10, xMm: i, yMm: 0 }));
    expect(calibrateFromPoints(line, 100, 100, 'x').found).toBe(false);
  });
});

describe('saved calibrations', () => {
  it('round-trips through JSON, refuses a bad file naming the field, and is checked on a new frame', async () => {
    const s = sample('crokinole-clean');
    const gray = toGray(await loadImageFile(s.imagePath));
    const cal = calibrate(cv, gray, croki);
    expect(cal.found).toBe(true);
    if (!cal.found) return;
    const saved = JSON.parse(JSON.stringify(toSaved(cal, 'club-webcam-1', '2026-11-29T20:00:00Z')));
    const back = parseSavedCalibration(saved);
    expect(back.ok).toBe(true);
    const bad = parseSavedCalibration({ ...saved, calibration: { ...saved.calibration, boardToImage: [1, 2, 3] } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/calibration\.boardToImage/);
    expect(checkSavedCalibration(gray, croki, cal).stillValid).toBe(true);
    // The camera was bumped: the board now sits 6 pixels to the right.
    const bumped = { ...cal, boardToImage: multiply3([1, 0, -6, 0, 1, 0, 0, 0, 1], cal.boardToImage) };
    const check = checkSavedCalibration(gray, croki, bumped);
    expect(check.stillValid).toBe(false);
    expect(check.reason).toMatch(/calibrate again/);
  });
});

function toPx(h: number[], x: number, y: number) {
  const p = applyHomography(h, x, y);
  return { xPx: p.x, yPx: p.y };
}
