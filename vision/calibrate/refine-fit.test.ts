import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { multiply3 } from '../geometry/homography.ts';
import { noLens } from '../geometry/lens.ts';
import { cameraHomography } from './camera-model.ts';
import { modelEdges } from './model-edges.ts';
import { projectSeen, refinePass, type FitState, type Polarity } from './refine-fit.ts';
import { cameraLookingDown, renderView } from './test-views.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;

/** Light wood with dark painted rings and quadrant lines, a dark hole and a dark ditch. */
function shade(xMm: number, yMm: number): number {
  const r = Math.hypot(xMm, yMm);
  if (r > 330.2 || r < 17.465) return 50;
  for (const ringMm of [101.6, 203.2, 304.8]) if (Math.abs(r - ringMm) < 1) return 70;
  const onDiagonal = Math.min(Math.abs(xMm - yMm), Math.abs(xMm + yMm)) / Math.SQRT2 < 1;
  if (onDiagonal && r > 101.6 && r < 304.8) return 70;
  return 190;
}

describe('refinePass', () => {
  it('brings a mapping a few pixels off, with no lens, onto a tilted view through a barrel lens', () => {
    const W = 640;
    const H = 480;
    const camera = cameraLookingDown({ xMm: 20, yMm: -10, distanceMm: 1100, tiltDeg: 20, turnDeg: 10, focalPx: 680, widthPx: W, heightPx: H });
    const lens = { ...noLens(W, H), k1: -0.06 };
    const img = renderView(camera, lens, W, H, shade);
    const truth: FitState = { boardToImage: cameraHomography(camera), lens };
    // About 3 px off: shifted, scaled by 0.6% and turned by 0.3 degrees, and no lens.
    const c = Math.cos(0.005);
    const s = Math.sin(0.005);
    const nudge = [1.006 * c, -1.006 * s, 2.5, 1.006 * s, 1.006 * c, -1.5, 0, 0, 1];
    let state: FitState = { boardToImage: multiply3(nudge, truth.boardToImage), lens: noLens(W, H) };
    const samples = modelEdges(croki);
    let polarity = new Map<string, Polarity>();
    let rms = Infinity;
    for (const rangePx of [6, 4, 3, 2]) {
      const fit = refinePass(img, state, samples, polarity, { rangePx, fitLens: true, minResponse: 4, outlierSigmas: 3, scaleMm: 380, holdRotation: false });
      expect(fit).not.toBeNull();
      if (!fit) return;
      state = fit;
      polarity = fit.polarity;
      rms = fit.rmsErrorPx;
    }
    expect(rms).toBeLessThan(0.3);
    // Every board point where the truth puts it, to a fifth of a pixel (the lens included).
    let worstPx = 0;
    for (let i = 0; i < 24; i++) {
      const rMm = [60, 180, 320][i % 3]!;
      const a = (i * Math.PI) / 12;
      const p = projectSeen(state, rMm * Math.cos(a), rMm * Math.sin(a));
      const q = projectSeen(truth, rMm * Math.cos(a), rMm * Math.sin(a));
      worstPx = Math.max(worstPx, Math.hypot(p.x - q.x, p.y - q.y));
    }
    expect(worstPx).toBeLessThan(0.2);
    expect(Math.abs(state.lens.k1 - lens.k1)).toBeLessThan(0.01);
    // The rings are dark lines on light wood.
    expect(polarity.get('ring-10')).toBe(-1);
  });
});
