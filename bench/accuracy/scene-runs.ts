/**
 * For detection tests (vision/detect): a scene of the accuracy benchmark's corpus (same profile and seed, so
 * the same image), calibrated once; each run detects with the options given and scores the
 * discs as the benchmark does.
 */
import { evaluateScene, type SceneEvaluation } from './evaluate.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { calibrate } from '../../vision/calibrate/calibrate.ts';
import { toGray, type Frame } from '../../vision/image/frame.ts';
import type { CV } from '../../vision/opencv/load-opencv.ts';
import type { DetectOptions } from '../../vision/detect/defaults.ts';
import { detectDiscs } from '../../vision/detect/detect.ts';

export function corpusSceneRuns(cv: CV, profileId: string, seed: number): (options?: Partial<DetectOptions>) => SceneEvaluation {
  const profile = BOARD_PROFILES[profileId]!;
  const r = renderScene(randomScene(profile, seed), profile);
  const frame: Frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
  const gray = toGray(frame);
  const calibration = calibrate(cv, gray, profile);
  if (!calibration.found) throw new Error(`${profileId} seed ${seed}: board not found`);
  return (options = {}) => evaluateScene(GAMES[profile.game]!, profile, r.truth, detectDiscs(cv, { frame, gray, calibration, profile }, options).discs);
}
