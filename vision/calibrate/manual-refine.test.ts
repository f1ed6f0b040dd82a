import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateScene } from '../../bench/accuracy/evaluate.ts';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { projectPointMm } from '../../fixtures/render/camera.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { detectDiscs } from '../detect/detect.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { calibrateFromPoints, type ClickedPoint } from './manual.ts';
import { refineManual } from './manual-refine.ts';
import { referencePoints } from './reference-points.ts';
import type { Calibration } from './types.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

/** The board's named points where the rendered camera sees them, each clicked up to 2 px off. */
function clicks(scene: ReturnType<typeof corpusScene>, ids: readonly string[]): ClickedPoint[] {
  const wobble = [[1.5, -2], [-2, 1], [2, 1.5], [-1, -2]];
  return referencePoints(scene.profile)
    .filter((r) => ids.includes(r.id))
    .map((r, i) => {
      const p = projectPointMm(scene.truth.camera, { xMm: r.xMm, yMm: r.yMm, zMm: 0 });
      return { xPx: p.xPx + wobble[i % 4]![0]!, yPx: p.yPx + wobble[i % 4]![1]!, xMm: r.xMm, yMm: r.yMm };
    });
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

describe('a manual calibration fitted to the board\'s edges', () => {
  const corners = ['corner-1', 'corner-2', 'corner-3', 'corner-4'];

  it('measures a board not found on its own as closely as a found one (Sling, seed 9)', () => {
    const scene = corpusScene('sling-standard', 9);
    expect(calibrate(cv, scene.gray, scene.profile).found).toBe(false);
    const points = clicks(scene, corners);
    const manual = calibrateFromPoints(points, scene.gray.widthPx, scene.gray.heightPx, scene.profile.id) as Calibration;
    const refined = refineManual(cv, scene.gray, scene.profile, manual, points);
    expect(refined.refined).toBe(true);
    expect(refined.calibration.method).toBe('manual');
    expect(refined.clickOffsetPx).toBeLessThan(3);
    const evaluate = (calibration: Calibration) => evaluateScene(GAMES[scene.profile.game]!, scene.profile, scene.truth, detectDiscs(cv, { frame: scene.frame, gray: scene.gray, calibration, profile: scene.profile }).discs);
    const alone = evaluate(manual);
    const close = evaluate(refined.calibration);
    // The clicks alone place the discs about a millimetre off (no lens, clicks 2 px off);
    // fitted to the edges, a third of a millimetre, none beyond its uncertainty.
    expect(median(alone.centreErrorsMm)).toBeGreaterThan(0.8);
    expect(median(close.centreErrorsMm)).toBeLessThan(0.4);
    expect(close.beyondUncertainty).toBe(0);
    expect(close.matched).toBe(close.expected);
    expect(close.wrongCalls).toBe(0);
    expect(close.exactScore).toBe(true);
  }, 120_000);

  it('keeps the clicks\' own mapping, counted as a few pixels off, where the fit does not lie at them', () => {
    const scene = corpusScene('sling-standard', 9);
    // Every click 8 px down: the fit from there ends up 7.6 px from them. 12 px to the right:
    // a fit stays near them (3.7 px), holding on part of the board's edges 12-15 px off its own.
    for (const [dx, dy] of [[0, 8], [12, 0]] as const) {
      const points = clicks(scene, corners).map((p) => ({ ...p, xPx: p.xPx + dx, yPx: p.yPx + dy }));
      const manual = calibrateFromPoints(points, scene.gray.widthPx, scene.gray.heightPx, scene.profile.id) as Calibration;
      expect(manual.rmsErrorPx).toBeLessThan(1e-6);
      const kept = refineManual(cv, scene.gray, scene.profile, manual, points);
      expect(kept.refined).toBe(false);
      expect(kept.calibration).toEqual({ ...manual, rmsErrorPx: 3 });
      expect(kept.clickOffsetPx).toBeGreaterThan(3);
      expect(kept.reason).toMatch(/^the fit to the board's edges lies \d\.\d px \(rms\) from the points$/);
    }
  }, 120_000);

  it('leaves a board found by its painted rings to the clicks', () => {
    const scene = corpusScene('crokinole-nca-26in', 2);
    const points = clicks(scene, ['centre', 'quadrant-1-end-2', 'quadrant-2-end-2', 'quadrant-3-end-2', 'quadrant-4-end-2']);
    const manual = calibrateFromPoints(points, scene.gray.widthPx, scene.gray.heightPx, scene.profile.id) as Calibration;
    expect(refineManual(cv, scene.gray, scene.profile, manual, points)).toEqual({ calibration: { ...manual, rmsErrorPx: Math.max(3, manual.rmsErrorPx) }, refined: false, reason: 'a ringed board keeps the mapping of the points', clickOffsetPx: NaN });
  });
});
