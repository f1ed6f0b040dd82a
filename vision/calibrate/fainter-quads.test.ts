import { describe, expect, it } from 'vitest';
import { cornerErrorPx } from '../../bench/accuracy/corner-error.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrateRect } from './calibrate-rect.ts';

/**
 * A pale curling mat on a pale table with an arm across its far end: at the quad search's
 * usual edge strengths the house's rings and lines make quads of their own while the mat's
 * outline, joined to the arm, makes none. Not found from either look, it is looked for again
 * in fainter edges, where the mat's outline is a quad.
 */
describe('a board found in fainter edges', () => {
  it('holds curling mat scene 17 within 0.5 px at its corners (not found without)', async () => {
    const { cv } = await loadOpenCv();
    const { profile, gray, truth } = corpusScene('curling-mat', 17);
    const without = calibrateRect(cv, gray, profile, { fainterQuadsFactors: [] });
    expect(without.found).toBe(false);
    const result = calibrateRect(cv, gray, profile);
    if (!result.found) throw new Error(`not found: ${result.reason}`);
    expect(cornerErrorPx(result, truth, profile)).toBeLessThan(0.5);
  }, 180_000);
});
