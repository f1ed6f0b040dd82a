import { describe, expect, it } from 'vitest';
import { evaluateScene } from '../../bench/accuracy/evaluate.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { Calibration } from '../calibrate/types.ts';
import type { Frame } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { analyzeFrame } from '../pipeline/analyze-frame.ts';
import { PIECE_KIND_DEFAULTS } from './piece-kinds.ts';
import { footprintAtHeight, markPossibleStacks, seenOnBoard } from './stack-height.ts';
import { rgbOf, type Rgb } from './teams.ts';
import type { DetectionResult } from './types.ts';

const profile = BOARD_PROFILES['pitrush-standard']!;

describe('stack height geometry', () => {
  const cal = { camera: { centreXMm: -300, centreYMm: 400, centreZMm: 1400 } } as Calibration;

  it('a top face 12 mm up, measured as if 6 mm up, comes out shifted away from the camera; footprintAtHeight puts it back', () => {
    const disc = { xMm: 100, yMm: -150 };
    // The ray through the top face's centre meets the 6 mm plane here.
    const onBoard12 = seenOnBoard(cal, disc.xMm, disc.yMm, 12);
    const s = (1400 - 6) / 1400;
    const measured = { xMm: -300 + (onBoard12.xMm + 300) * s, yMm: 400 + (onBoard12.yMm - 400) * s };
    const shiftMm = Math.hypot(measured.xMm - disc.xMm, measured.yMm - disc.yMm);
    // About 6 mm of height times the tangent of the view angle (707 mm out, 1.4 m up).
    expect(shiftMm).toBeGreaterThan(2.5);
    expect(shiftMm).toBeLessThan(3.5);
    const back = footprintAtHeight(cal, measured, 6, 12);
    expect(back.xMm).toBeCloseTo(disc.xMm, 6);
    expect(back.yMm).toBeCloseTo(disc.yMm, 6);
  });

  it('leaves boards without pits alone', () => {
    const crokinole = BOARD_PROFILES['crokinole-nca-26in']!;
    const result: DetectionResult = { discs: [], rejected: [], teamColors: {}, handOverBoard: false };
    const frame: Frame = { data: new Uint8ClampedArray(4), widthPx: 1, heightPx: 1, timestampMs: 0 };
    expect(markPossibleStacks(result, { frame, profile: crokinole, calibration: cal }, PIECE_KIND_DEFAULTS.stacks)).toBe(result);
  });
});

describe('a PitRush disc lying on another on the board', () => {
  // Benchmark scenes (1920 x 1080): seed 22, a red disc on a hidden green one by pit-2-2 (top face
  // 12 mm up, 1.6 mm of parallax, a crescent of the green one showing); seed 50, a light wood
  // disc on a paler hidden one near pit-1-1 (3.8 mm of parallax; the one under it shows in
  // nothing of another hue). Both were called wrong as if one disc high.
  it.each([
    { seed: 22, id: 'A-3' },
    { seed: 50, id: 'A-6' },
  ])('seed $seed: $id is given its footprint on a disc under it and not called wrong', async ({ seed, id }) => {
    const { cv } = await loadOpenCv();
    const r = renderScene(randomScene(profile, seed), profile);
    const frame: Frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
    const teamColors = ['A', 'B'].map((t) => rgbOf(r.truth.discs.find((d) => d.team === t)!.color)).filter((c): c is Rgb => c !== null);
    const analysis = analyzeFrame(cv, frame, profile, { teamColors });
    expect(analysis.calibration.found).toBe(true);
    const discs = analysis.detection!.discs;
    const top = r.truth.discs.find((d) => d.id === id)!;
    expect(top.onTopOfId).toBeDefined();
    // The detection of the top disc: where the camera sees its top face.
    const d = discs.reduce((a, b) => (Math.hypot(b.topCentreXPx - top.topCentrePx.xPx, b.topCentreYPx - top.topCentrePx.yPx) < Math.hypot(a.topCentreXPx - top.topCentrePx.xPx, a.topCentreYPx - top.topCentrePx.yPx) ? b : a));
    // Where its footprint would be on one disc: one disc height's parallax nearer the camera (1.6 and 3.8 mm).
    const onOne = d.ifOnDiscsMm?.[0];
    expect(onOne).toBeDefined();
    expect(Math.hypot(onOne!.xMm - d.xMm, onOne!.yMm - d.yMm)).toBeCloseTo(seed === 22 ? 1.6 : 3.8, 0);
    const ev = evaluateScene(GAMES[profile.game]!, profile, r.truth, discs);
    expect(ev.wrongCalls).toBe(0);
  }, 120_000);
});
