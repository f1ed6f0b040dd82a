/**
 * For tests of the vision on the accuracy benchmark's corpus: a scene (same profile and seed,
 * so the same image), and for detection tests the scene calibrated once, each run detecting
 * with the options given and scoring the discs as the benchmark does.
 */
import { evaluateScene, type SceneEvaluation } from './evaluate.ts';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene, type SceneTruth } from '../../fixtures/render/scene.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { calibrate } from '../../vision/calibrate/calibrate.ts';
import { withCameraHeight } from '../../vision/calibrate/camera-height.ts';
import { toGray, type Frame, type GrayImage } from '../../vision/image/frame.ts';
import type { CV } from '../../vision/opencv/load-opencv.ts';
import type { DetectOptions } from '../../vision/detect/defaults.ts';
import { detectDiscs } from '../../vision/detect/detect.ts';
import { givenTeamColours } from './team-colours.ts';

/** A scene of the accuracy benchmark's corpus (same profile and seed, so the same image), with its truth. */
export function corpusScene(profileId: string, seed: number): { profile: BoardProfile; frame: Frame; gray: GrayImage; truth: SceneTruth } {
  const profile = BOARD_PROFILES[profileId]!;
  const r = renderScene(randomScene(profile, seed), profile);
  const frame: Frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
  return { profile, frame, gray: toGray(frame), truth: r.truth };
}

/**
 * `given.teamColours`: detect as in a match whose players gave their teams' colours;
 * `given.cameraHeight`: as by a club that set its camera's height (the rendered camera's).
 */
export function corpusSceneRuns(cv: CV, profileId: string, seed: number, given: { teamColours?: boolean; cameraHeight?: boolean } = {}): (options?: Partial<DetectOptions>) => SceneEvaluation {
  const { profile, frame, gray, truth } = corpusScene(profileId, seed);
  const found = calibrate(cv, gray, profile);
  if (!found.found) throw new Error(`${profileId} seed ${seed}: board not found`);
  const calibration = given.cameraHeight ? withCameraHeight(found, truth.camera.centreMm.zMm).calibration : found;
  const teamColors = given.teamColours ? givenTeamColours(truth.discs) : undefined;
  return (options = {}) => evaluateScene(GAMES[profile.game]!, profile, truth, detectDiscs(cv, { frame, gray, calibration, profile, ...(teamColors ? { teamColors } : {}) }, options).discs);
}
