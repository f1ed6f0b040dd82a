import { beforeAll, describe, expect, it } from 'vitest';
import { cornerErrorPx } from '../../bench/accuracy/corner-error.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { channelGrey } from '../image/channel-grey.ts';
import { toGray, type Frame } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { calibrateFrame, fitsApartPx, greyOfCalibration } from './calibrate-frame.ts';
import { checkSavedCalibration, parseSavedCalibration, toSaved } from './saved-calibration.ts';
import type { Calibration } from './types.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('greys other than luma', () => {
  it('takes each channel, and red less blue about mid-grey, clamped to 0..255', () => {
    const frame: Frame = { data: new Uint8ClampedArray([200, 100, 50, 255, 10, 20, 250, 255]), widthPx: 2, heightPx: 1, timestampMs: 0 };
    expect([...channelGrey(frame, 'red').data]).toEqual([200, 10]);
    expect([...channelGrey(frame, 'green').data]).toEqual([100, 20]);
    expect([...channelGrey(frame, 'blue').data]).toEqual([50, 250]);
    // 128 + 200 - 50 = 278 -> 255; 128 + 10 - 250 = -112 -> 0.
    expect([...channelGrey(frame, 'red-blue').data]).toEqual([255, 0]);
  });
});

describe('a board not found in luma, looked for in colour', () => {
  it('the 9 ft table of scene 8 (a dark board on a table of its light): found in red and blue alike, within 1 px', () => {
    const id = 'table-shuffleboard-9ft';
    const { frame, truth } = corpusScene(id, 8);
    const profile = BOARD_PROFILES[id]!;
    expect(calibrate(cv, toGray(frame), profile).found).toBe(false);
    const cal = calibrateFrame(cv, frame, toGray(frame), profile);
    expect(cal.found).toBe(true);
    expect(cornerErrorPx(cal, truth, BOARD_PROFILES[id]!)).toBeLessThan(1);
    expect(['red', 'blue']).toContain(cal.found ? cal.grey : undefined);
    // Without the colour look, not found.
    expect(calibrateFrame(cv, frame, toGray(frame), profile, { colourRetryChannels: [] }).found).toBe(false);
    // Saved, it keeps its grey, and is checked again in it.
    const saved = parseSavedCalibration(JSON.parse(JSON.stringify(toSaved(cal as Calibration, 'cam', '2026-01-01T00:00:00Z'))));
    expect(saved.ok && saved.saved.calibration.grey).toBe((cal as Calibration).grey);
    expect(checkSavedCalibration(greyOfCalibration(cal as Calibration, () => frame, () => toGray(frame)), profile, cal as Calibration).stillValid).toBe(true);
  }, 120_000);

  it('Sling scene 30: red and blue each fit the board over 10 px off, not agreeing; not found', () => {
    const id = 'sling-standard';
    const { frame, truth } = corpusScene(id, 30);
    const profile = BOARD_PROFILES[id]!;
    const fits: Calibration[] = [];
    const trace = (stage: string, facts: Record<string, unknown>) => {
      if (stage === 'colour-retry' && facts['calibration']) fits.push(facts['calibration'] as Calibration);
    };
    const cal = calibrateFrame(cv, frame, toGray(frame), profile, { colourRetryChannels: ['red', 'blue'] }, trace);
    expect(cal.found).toBe(false);
    expect(!cal.found && cal.reason).toMatch(/no other grey confirmed \(red, blue\)/);
    expect(fits).toHaveLength(2);
    for (const fit of fits) expect(cornerErrorPx(fit, truth, BOARD_PROFILES[id]!)).toBeGreaterThan(10);
    expect(fitsApartPx(fits[0]!, fits[1]!, profile)).toBeGreaterThan(3);
  }, 120_000);

  it('sjoelbak scene 59: blue and green agree on a fit 10 px off, but each found under 75% of the edges; not found', () => {
    const id = 'sjoelbak-standard-40x200';
    const { frame, truth } = corpusScene(id, 59);
    const profile = BOARD_PROFILES[id]!;
    const channels = { colourRetryChannels: ['blue', 'green'] as const };
    const trusting = calibrateFrame(cv, frame, toGray(frame), profile, { ...channels, colourRetryMinInliers: 0 });
    expect(trusting.found).toBe(true);
    expect(cornerErrorPx(trusting, truth, BOARD_PROFILES[id]!)).toBeGreaterThan(8);
    expect(trusting.found && trusting.inlierFraction).toBeLessThan(0.75);
    expect(calibrateFrame(cv, frame, toGray(frame), profile, channels).found).toBe(false);
  }, 120_000);
});
