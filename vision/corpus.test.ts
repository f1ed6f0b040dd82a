/**
 * The vision on every committed sample, scored like the benchmark. The thresholds live in
 * corpus-thresholds.json and only go up: raise them when the vision gets better. A board whose
 * samples are not found yet (sjoelbak) has no centre limits: it is held to making no wrong call.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateScene, summarise, withHandOverBoard, type SceneEvaluation } from '../bench/accuracy/evaluate.ts';
import { handOverBoardInScene } from '../bench/accuracy/hand-truth.ts';
import { samplesMatching } from '../fixtures/samples/samples.ts';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import { loadImageFile } from './image/load-image-node.ts';
import { loadOpenCv, type CV } from './opencv/load-opencv.ts';
import { analyzeFrame } from './pipeline/analyze-frame.ts';

interface Thresholds {
  minBoardFoundPct: number;
  minRecallPct: number;
  minPrecisionPct: number;
  maxCentreMedianMm?: number;
  maxCentreP95Mm?: number;
  maxWrongCalls: number;
  /** Discs placed farther off than their uncertainty (%): the calls trust that bound. */
  maxBeyondUncertaintyPct?: number;
  minExactScorePct: number;
}

const thresholds = JSON.parse(readFileSync(join(import.meta.dirname, 'corpus-thresholds.json'), 'utf8')) as Record<string, Thresholds>;
let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

describe('vision corpus (committed samples)', () => {
  for (const [prefix, t] of Object.entries(thresholds)) {
    it(`${prefix}: meets its thresholds`, async () => {
      const evals: SceneEvaluation[] = [];
      for (const s of samplesMatching(prefix)) {
        const profile = BOARD_PROFILES[s.truth.profileId]!;
        const a = analyzeFrame(cv, await loadImageFile(s.imagePath), profile);
        const ev = evaluateScene(GAMES[profile.game]!, profile, s.truth.discs, a.detection?.discs ?? null);
        evals.push(withHandOverBoard(ev, handOverBoardInScene(s.truth, profile), a.detection?.handOverBoard ?? false));
      }
      const sum = summarise(evals);
      console.log(`${prefix}: ${JSON.stringify(sum)}`);
      expect(sum.scenes).toBeGreaterThan(0);
      expect(sum.boardFoundPct).toBeGreaterThanOrEqual(t.minBoardFoundPct);
      expect(sum.recallPct).toBeGreaterThanOrEqual(t.minRecallPct);
      expect(sum.precisionPct).toBeGreaterThanOrEqual(t.minPrecisionPct);
      if (t.maxCentreMedianMm !== undefined) expect(sum.centreMedianMm).toBeLessThanOrEqual(t.maxCentreMedianMm);
      if (t.maxCentreP95Mm !== undefined) expect(sum.centreP95Mm).toBeLessThanOrEqual(t.maxCentreP95Mm);
      expect(sum.wrongCalls).toBeLessThanOrEqual(t.maxWrongCalls);
      if (t.maxBeyondUncertaintyPct !== undefined) expect(sum.beyondUncertaintyPct).toBeLessThanOrEqual(t.maxBeyondUncertaintyPct);
      expect(sum.exactScorePct).toBeGreaterThanOrEqual(t.minExactScorePct);
    });
  }
});
