import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateScene, type SceneEvaluation } from '../../bench/accuracy/evaluate.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import { toGray, type Frame } from '../image/frame.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import type { DetectOptions } from './defaults.ts';
import { detectDiscs } from './detect.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;
let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

/** A scene of the benchmark's corpus (same profile and seed, so the same image), detected and scored as the benchmark does. */
function corpusScene(seed: number) {
  const r = renderScene(randomScene(croki, seed), croki);
  const frame: Frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
  const gray = toGray(frame);
  const calibration = calibrate(cv, gray, croki);
  if (!calibration.found) throw new Error(`seed ${seed}: board not found`);
  return (options: Partial<DetectOptions> = {}): SceneEvaluation => {
    const discs = detectDiscs(cv, { frame, gray, calibration, profile: croki }, options).discs;
    return evaluateScene(GAMES.crokinole!, croki, r.truth, discs);
  };
}

describe('discs of the board\'s brightness in another colour', () => {
  it('finds red discs on dark wood under motion blur from circles seen in colour (seed 50)', () => {
    const evaluate = corpusScene(50);
    const ev = evaluate({ colourCandidates: true });
    // Ten red discs about as bright as the wood (one sunk in the hole), nine yellow ones: all
    // but two red ones found (the one in the hole, and one whose grey candidate's rim was not
    // found in colour either).
    expect(ev.expected).toBe(19);
    expect(ev.matched).toBeGreaterThanOrEqual(17);
    expect(ev.falsePositives).toBe(0);
    expect(ev.wrongCalls).toBe(0);
    // In grey most of the red ones draw no circle at all: from grey candidates alone two of
    // them are found.
    const greyOnly = evaluate({ colourCandidates: false });
    expect(greyOnly.matched).toBeLessThanOrEqual(11);
    expect(greyOnly.falsePositives).toBe(0);
  }, 180_000);

  it('keeps the disc found in colour, not a grey fit beside it dragged onto its shadow (seed 44)', () => {
    const evaluate = corpusScene(44);
    const ev = evaluate({ colourCandidates: true });
    expect(ev.falsePositives).toBe(0);
    expect(ev.wrongCalls).toBe(0);
    // Two black discs found twice each, 10.5 mm apart: by their colour and by a grey outline
    // that their shadows drew (discs lying flat cannot overlap, flat-overlaps.ts, drops them too;
    // and fitted again from farther round, wideRestartMaxCoverage, the grey fits find the discs).
    const bothKept = evaluate({ colourCandidates: true, colourOverlapFraction: 0, flatOverlapFraction: 2, wideRestartMaxCoverage: 0.45 });
    expect(bothKept.falsePositives).toBe(2);
    expect(evaluate({ colourCandidates: true, colourOverlapFraction: 0 }).falsePositives).toBe(0);
  }, 180_000);
});
