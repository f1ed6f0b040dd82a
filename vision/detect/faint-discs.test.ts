import { beforeAll, describe, expect, it } from 'vitest';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { pieceRadiusMm } from '../../rules/profiles/schema.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import type { Calibration } from '../calibrate/types.ts';
import { toGray, type Frame, type GrayImage } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import type { DetectOptions } from './defaults.ts';
import { detectDiscs } from './detect.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;
const radiusMm = pieceRadiusMm(croki);
let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

interface Scene {
  frame: Frame;
  gray: GrayImage;
  calibration: Calibration;
  truth: { id: string; state: string; xMm: number; yMm: number; topVisibleFraction: number }[];
}

/** A scene of the benchmark's corpus (same profile and seed, so the same image). */
function corpusScene(seed: number): Scene {
  const r = renderScene(randomScene(croki, seed), croki);
  const frame: Frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
  const gray = toGray(frame);
  const calibration = calibrate(cv, gray, croki);
  if (!calibration.found) throw new Error(`seed ${seed}: board not found`);
  return { frame, gray, calibration, truth: r.truth.discs };
}

/** Truth discs (that should be seen) found, and detections matching no truth disc, in the board's best symmetry. */
function score(scene: Scene, options: Partial<DetectOptions> = {}): { found: string[]; missed: string[]; falsePositives: number } {
  const discs = detectDiscs(cv, { frame: scene.frame, gray: scene.gray, calibration: scene.calibration, profile: croki }, options).discs;
  const expected = scene.truth.filter((t) => ['in-play', 'ditch', 'hole'].includes(t.state) && t.topVisibleFraction >= 0.6);
  let best = { found: [] as string[], missed: [] as string[], falsePositives: Infinity };
  for (let k = 0; k < croki.symmetryOrder; k++) {
    const a = (2 * Math.PI * k) / croki.symmetryOrder;
    const truth = expected.map((t) => ({ id: t.id, xMm: Math.cos(a) * t.xMm - Math.sin(a) * t.yMm, yMm: Math.sin(a) * t.xMm + Math.cos(a) * t.yMm }));
    const near = (p: { xMm: number; yMm: number }, q: { xMm: number; yMm: number }) => Math.hypot(p.xMm - q.xMm, p.yMm - q.yMm) < 0.8 * radiusMm;
    const found = truth.filter((t) => discs.some((d) => near(d, t))).map((t) => t.id);
    const falsePositives = discs.filter((d) => !truth.some((t) => near(d, t))).length;
    if (found.length > best.found.length || (found.length === best.found.length && falsePositives < best.falsePositives)) {
      best = { found, missed: truth.filter((t) => !found.includes(t.id)).map((t) => t.id), falsePositives };
    }
  }
  return best;
}

describe('faint discs', () => {
  it('finds pale discs on pale wood by their top face rim alone, when the outline is too faint (seed 53)', () => {
    const scene = corpusScene(53);
    const s = score(scene);
    expect(s.missed).toEqual([]);
    expect(s.falsePositives).toBe(0);
    // Without the top rim alone (no colour differs that much), four of them are lost. (Measured
    // in colour with the blur's steps, blurColourSteps, most are found too: that is left off here.)
    const without = score(scene, { topRimAloneBoardSpreads: 1e9, blurColourSteps: false });
    expect(without.missed.length).toBeGreaterThanOrEqual(3);
    expect(without.falsePositives).toBe(0);
  }, 180_000);

  it('finds crimson discs on orange-red paint of their brightness, their colour apart by more than the paint varies (seed 38)', () => {
    const scene = corpusScene(38);
    const s = score(scene);
    expect(s.missed.length).toBeLessThanOrEqual(2);
    expect(s.falsePositives).toBe(0);
    // Held to a colour distance of 20 whatever the board's spread, six of them (13-19 from the
    // paint, which varies by 6-9 round them) were taken for the board.
    const strict = score(scene, { weakRimMinColourDistance: 20 });
    expect(strict.missed.length).toBeGreaterThanOrEqual(s.missed.length + 5);
    expect(strict.falsePositives).toBe(0);
  }, 180_000);

  it('finds a disc in the ditch by measuring its candidate at the ditch level from the start (seed 56)', () => {
    const scene = corpusScene(56);
    const ditch = scene.truth.filter((t) => t.state === 'ditch').map((t) => t.id);
    expect(ditch.length).toBeGreaterThan(0);
    const s = score(scene);
    // Measured on the surface's level first (as before), its rim was found 36% round and it was lost.
    expect(s.missed).toEqual([]);
    expect(s.falsePositives).toBe(0);
  }, 180_000);
});
