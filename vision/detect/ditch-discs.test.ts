import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateScene, type SceneEvaluation } from '../../bench/accuracy/evaluate.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { pieceRadiusMm } from '../../rules/profiles/schema.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import { toGray, type Frame } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import type { DetectOptions } from './defaults.ts';
import { detectDiscs } from './detect.ts';
import type { DetectedDisc } from './types.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;
const radiusMm = pieceRadiusMm(croki);
let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

interface Run {
  ev: SceneEvaluation;
  discs: DetectedDisc[];
  /** Truth discs in the ditch, dark ones (a dark team's), that should be seen. */
  darkDitch: { xMm: number; yMm: number }[];
}

/** A scene of the benchmark's corpus (same profile and seed, so the same image), detected and scored as the benchmark does. */
function corpusScene(seed: number) {
  const r = renderScene(randomScene(croki, seed), croki);
  const frame: Frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
  const gray = toGray(frame);
  const calibration = calibrate(cv, gray, croki);
  if (!calibration.found) throw new Error(`seed ${seed}: board not found`);
  const luma = (hex: string) => 0.299 * parseInt(hex.slice(1, 3), 16) + 0.587 * parseInt(hex.slice(3, 5), 16) + 0.114 * parseInt(hex.slice(5, 7), 16);
  const darkDitch = r.truth.discs.filter((t) => t.state === 'ditch' && t.topVisibleFraction >= 0.6 && luma(t.color) < 60);
  return (options: Partial<DetectOptions> = {}): Run => {
    const discs = detectDiscs(cv, { frame, gray, calibration, profile: croki }, options).discs;
    return { ev: evaluateScene(GAMES.crokinole!, croki, r.truth, discs), discs, darkDitch };
  };
}

/** How many of the dark ditch discs a detection lies on (the board's symmetry turns the measured frame: any quarter turn). */
function darkDitchFound(run: Run): number {
  return run.darkDitch.filter((t) =>
    [0, 1, 2, 3].some((k) => {
      const a = (k * Math.PI) / 2;
      const x = Math.cos(a) * t.xMm - Math.sin(a) * t.yMm;
      const y = Math.sin(a) * t.xMm + Math.cos(a) * t.yMm;
      return run.discs.some((d) => Math.hypot(d.xMm - x, d.yMm - y) < 0.8 * radiusMm);
    }),
  ).length;
}

describe('dark discs in the dark ditch', () => {
  it('finds them from candidates looked for in the ditch scaled to the surface\'s brightness (seed 41)', () => {
    const evaluate = corpusScene(41);
    const run = evaluate();
    expect(run.darkDitch.length).toBe(2);
    expect(darkDitchFound(run)).toBe(2);
    expect(run.ev.matched).toBe(run.ev.expected);
    expect(run.ev.falsePositives).toBe(0);
    expect(run.ev.wrongCalls).toBe(0);
    // Black on dark brown, a few grey levels apart: no candidate in the view of the surface,
    // and a rim found 14-17% round with the surface's edge threshold.
    const without = evaluate({ lowerBandMaxGain: 0, colourCandidates: false });
    expect(darkDitchFound(without)).toBe(0);
  }, 180_000);

  it('compares a ditch disc\'s colour with the ditch floor round it, not with the surface and rail beside it (seed 2)', () => {
    const evaluate = corpusScene(2);
    const run = evaluate();
    expect(run.darkDitch.length).toBe(1);
    expect(darkDitchFound(run)).toBe(1);
    expect(run.ev.matched).toBe(run.ev.expected);
    expect(run.ev.falsePositives).toBe(0);
    expect(run.ev.wrongCalls).toBe(0);
    // The ring sampled round it reaches the pale surface: the "board" varied so much there that
    // the disc was taken for part of it. (A sure black disc's colour vouches for it too: that
    // rule, likeSureDiscMaxColourDistance, is set off here to weigh the ditch's floor alone.)
    const mixed = evaluate({ ditchSurroundOnly: false, likeSureDiscMaxColourDistance: 0 });
    expect(darkDitchFound(mixed)).toBe(0);
  }, 180_000);

  it('finds no disc lying on the rail beside the ditch (seed 21)', () => {
    const run = corpusScene(21)();
    expect(run.ev.matched).toBe(run.ev.expected);
    const outline = croki.outline;
    const surface = croki.surface;
    if (outline.shape !== 'circle' || surface.shape !== 'circle') throw new Error('a round board');
    // A dark patch where the ditch meets the rail fits a disc's outline there: a disc's centre
    // lies a radius inside the outline at least.
    const offSurface = run.discs.filter((d) => Math.hypot(d.xMm, d.yMm) > surface.radiusMm);
    expect(offSurface.length).toBeGreaterThan(0);
    for (const d of offSurface) expect(Math.hypot(d.xMm, d.yMm)).toBeLessThanOrEqual(outline.radiusMm - radiusMm);
  }, 180_000);
});
