/**
 * One frame, start to finish: calibrate (or reuse a calibration), then detect the discs.
 * Returns board-space results only; what they score is the rules' business.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { calibrate, type CalibrationTrace } from '../calibrate/calibrate.ts';
import type { CalibrateOptions } from '../calibrate/defaults.ts';
import type { Calibration, CalibrationResult } from '../calibrate/types.ts';
import type { DetectOptions } from '../detect/defaults.ts';
import { detectDiscs } from '../detect/detect.ts';
import type { Rgb } from '../detect/teams.ts';
import type { DetectionResult } from '../detect/types.ts';
import { detectHand } from '../hand/detect-hand.ts';
import type { HandOptions } from '../hand/defaults.ts';
import { toGray, type Frame } from '../image/frame.ts';
import type { CV } from '../opencv/load-opencv.ts';

export interface AnalyzeFrameOptions {
  /** A calibration to reuse (a fixed camera); calibrates afresh when absent. */
  calibration?: Calibration;
  teamCount?: number;
  teamColors?: Rgb[];
  calibrate?: Partial<CalibrateOptions>;
  detect?: Partial<DetectOptions>;
  hand?: Partial<HandOptions>;
  trace?: CalibrationTrace;
}

export interface FrameAnalysis {
  calibration: CalibrationResult;
  detection: DetectionResult | null;
  timings: { calibrateMs: number; detectMs: number };
}

export function analyzeFrame(cv: CV, frame: Frame, profile: BoardProfile, options: AnalyzeFrameOptions = {}): FrameAnalysis {
  const t0 = performance.now();
  const gray = toGray(frame);
  const calibration = options.calibration ?? calibrate(cv, gray, profile, options.calibrate, options.trace);
  const t1 = performance.now();
  if (!calibration.found) return { calibration, detection: null, timings: { calibrateMs: t1 - t0, detectMs: 0 } };
  const discs = detectDiscs(
    cv,
    { frame, gray, calibration, profile, ...(options.teamCount ? { teamCount: options.teamCount } : {}), ...(options.teamColors ? { teamColors: options.teamColors } : {}) },
    options.detect,
  );
  // A single image has no motion to show a hand (the live tracker has): look for an arm
  // crossing the board's edge.
  const detection = { ...discs, handOverBoard: discs.handOverBoard || detectHand({ frame, calibration, profile }, options.hand).handOverBoard };
  return { calibration, detection, timings: { calibrateMs: t1 - t0, detectMs: performance.now() - t1 } };
}
