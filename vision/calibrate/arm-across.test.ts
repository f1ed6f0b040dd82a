import { describe, expect, it } from 'vitest';
import { cornerErrorPx } from '../../bench/accuracy/corner-error.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrateRect } from './calibrate-rect.ts';

/** The second look's ways round an arm, turned off. */
const WITHOUT = { quadWideFollowFraction: 0, stretchQuadsAlwaysInLastLook: false, joinSplitQuads: undefined };

/**
 * Two Nano Curling boards of the benchmark's corpus with an arm lying across them. In scene 38
 * the arm cuts the board in two, and its outline's edges give a quad for each part, never one
 * for the whole board. In scene 19 the hull of the outline and the arm gives the board's quad,
 * but with its long sides 14 px off the board's, parallel to them.
 */
describe('a board with an arm lying across it', () => {
  it('finds Nano Curling scene 38 from the quads of its two parts joined (not found without)', async () => {
    const { cv } = await loadOpenCv();
    const { profile, gray, truth } = corpusScene('nano-curling-sheet', 38);
    expect(calibrateRect(cv, gray, profile, WITHOUT).found).toBe(false);
    expect(calibrateRect(cv, gray, profile, { joinSplitQuads: undefined }).found).toBe(false);
    const result = calibrateRect(cv, gray, profile);
    if (!result.found) throw new Error(`not found: ${result.reason}`);
    expect(cornerErrorPx(result, truth, profile)).toBeLessThan(0.5);
  }, 180_000);

  it('finds Nano Curling scene 19 from its outline\'s quad with the sides looked for farther off (not found without)', async () => {
    const { cv } = await loadOpenCv();
    const { profile, gray, truth } = corpusScene('nano-curling-sheet', 19);
    expect(calibrateRect(cv, gray, profile, WITHOUT).found).toBe(false);
    expect(calibrateRect(cv, gray, profile, { quadWideFollowFraction: 0 }).found).toBe(false);
    // (That quad is made of the contour's straight stretches, and a hull's quad through the arm came out straight.)
    expect(calibrateRect(cv, gray, profile, { stretchQuadsAlwaysInLastLook: false }).found).toBe(false);
    const result = calibrateRect(cv, gray, profile);
    if (!result.found) throw new Error(`not found: ${result.reason}`);
    expect(cornerErrorPx(result, truth, profile)).toBeLessThan(1);
  }, 180_000);
});
