import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { noLens } from '../geometry/lens.ts';
import type { GrayImage } from '../image/frame.ts';
import { smallMarkCoverage } from './calibrate-rect.ts';
import { boardModel } from './rect-model.ts';

const W = 1920;
const H = 1080;
const profile = BOARD_PROFILES['sjoelbak-standard-40x200']!;
const model = boardModel(profile, { spacingMm: 6, maxSamples: 900 });
// The board lengthwise across the image at 0.8 px/mm, all of it inside.
const fit = { boardToImage: [0, 0.8, 160, 0.8, 0, 540, 0, 0, 1], lens: noLens(W, H), rmsErrorPx: 0, inlierFraction: 0, polarity: new Map(), matches: [] };
const flat = (level: number): GrayImage => ({ data: new Float32Array(W * H).fill(level), widthPx: W, heightPx: H });

describe('short markings of a board with few markings', () => {
  it('counts every short marking in an unclipped image', () => {
    const c = smallMarkCoverage(fit, model.samples, flat(120), 245);
    expect(c.found).toBe(0);
    expect(c.of).toBeGreaterThanOrEqual(8);
    expect(smallMarkCoverage(fit, model.samples).of).toBe(c.of);
  });

  it('leaves out those in a glare (clipped on both sides), where no edge can show', () => {
    expect(smallMarkCoverage(fit, model.samples, flat(252), 245).of).toBe(0);
    // The upper half of the image clipped (the board's -x side): only the markings there are left out.
    const half = flat(120);
    half.data.fill(252, 0, (H / 2) * W);
    const c = smallMarkCoverage(fit, model.samples, half, 245);
    expect(c.of).toBeGreaterThan(0);
    expect(c.of).toBeLessThan(smallMarkCoverage(fit, model.samples, flat(120), 245).of);
  });
});
