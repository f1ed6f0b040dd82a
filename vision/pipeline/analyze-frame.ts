/**
 * One frame, start to finish: calibrate (or reuse a calibration), then detect the discs.
 * Returns board-space results only; what they score is the rules' business.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { CalibrationTrace } from '../calibrate/calibrate.ts';
import { calibrateFrame } from '../calibrate/calibrate-frame.ts';
import type { CalibrateOptions } from '../calibrate/defaults.ts';
import { withCameraHeight } from '../calibrate/camera-height.ts';
import { calibrateFromMarkers, type MarkerCalibrateOptions } from '../calibrate/markers/calibrate-markers.ts';
import type { MarkerLayout } from '../calibrate/markers/marker-layout.ts';
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
  /** Calibrate from printed ArUco markers at these places (the board's markings when that fails). */
  markers?: MarkerLayout;
  markerOptions?: Partial<MarkerCalibrateOptions>;
  /**
   * The camera's height above the board, measured by a person (mm): parallax corrections then
   * use it instead of the height a camera straight above cannot show (see camera-height.ts).
   */
  cameraHeightMm?: number;
}

export interface FrameAnalysis {
  calibration: CalibrationResult;
  detection: DetectionResult | null;
  timings: { calibrateMs: number; detectMs: number };
  /** What a person should know about how the frame was calibrated (a marker fallback, ...). */
  warnings?: string[];
}

// The grey image of the last frame analysed, its array reused for the next of the same size:
// nothing returned holds it, and a fresh 8 MB array per 1080p frame made the garbage collector
// run a full collection every few frames (tens of milliseconds each).
let grayScratch: Float32Array | undefined;

export function analyzeFrame(cv: CV, frame: Frame, profile: BoardProfile, options: AnalyzeFrameOptions = {}): FrameAnalysis {
  const t0 = performance.now();
  const gray = toGray(frame, grayScratch);
  grayScratch = gray.data;
  const warnings: string[] = [];
  let calibration = options.calibration;
  if (!calibration && options.markers) {
    const m = calibrateFromMarkers(cv, gray, profile, options.markers, options.markerOptions);
    if (m.calibration.found) calibration = m.calibration;
    else warnings.push(`marker calibration failed (${m.calibration.reason}): calibrated from the board's own markings instead`);
    if (m.unknownIds.length > 0) warnings.push(`marker id ${m.unknownIds.join(', ')} seen but not in the marker layout`);
    if (m.calibration.found && m.usedIds.length < m.seenIds.length) warnings.push(`marker id ${m.seenIds.filter((id) => !m.usedIds.includes(id)).join(', ')} left out: not where the layout puts it`);
  }
  let result = calibration ?? calibrateFrame(cv, frame, gray, profile, options.calibrate, options.trace);
  if (result.found && options.cameraHeightMm !== undefined) {
    const placed = withCameraHeight(result, options.cameraHeightMm);
    result = placed.calibration;
    warnings.push(...placed.warnings);
  }
  const t1 = performance.now();
  const extra = warnings.length > 0 ? { warnings } : {};
  if (!result.found) return { calibration: result, detection: null, timings: { calibrateMs: t1 - t0, detectMs: 0 }, ...extra };
  const discs = detectDiscs(
    cv,
    { frame, gray, calibration: result, profile, ...(options.teamCount ? { teamCount: options.teamCount } : {}), ...(options.teamColors ? { teamColors: options.teamColors } : {}) },
    options.detect,
  );
  // A single image has no motion to show a hand (the live tracker has): look for an arm
  // crossing the board's edge.
  const detection = { ...discs, handOverBoard: discs.handOverBoard || detectHand({ frame, calibration: result, profile, discs: discs.discs }, options.hand).handOverBoard };
  return { calibration: result, detection, timings: { calibrateMs: t1 - t0, detectMs: performance.now() - t1 }, ...extra };
}
