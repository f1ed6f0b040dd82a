/**
 * The part of opencv.js's aruco module used here. The package's type declarations leave the
 * module out, so it is described by hand and checked at run time (a build without it gets a
 * clear message instead of "undefined is not a function").
 */
import type { CV } from '../../opencv/load-opencv.ts';

type Mat = InstanceType<CV['Mat']>;
type MatVector = InstanceType<CV['MatVector']>;

export interface ArucoDictionary {
  delete(): void;
}

export interface ArucoDetectorParameters {
  cornerRefinementMethod: number;
  cornerRefinementWinSize: number;
  cornerRefinementMaxIterations: number;
  cornerRefinementMinAccuracy: number;
  delete(): void;
}

export interface ArucoRefineParameters {
  delete(): void;
}

export interface ArucoDetector {
  detectMarkers(image: Mat, corners: MatVector, ids: Mat, rejected: MatVector): void;
  delete(): void;
}

export interface ArucoApi {
  getPredefinedDictionary(dictionary: number): ArucoDictionary;
  aruco_DetectorParameters: new () => ArucoDetectorParameters;
  aruco_RefineParameters: new (minRepDistance: number, errorCorrectionRate: number, checkAllOrders: boolean) => ArucoRefineParameters;
  aruco_ArucoDetector: new (dictionary: ArucoDictionary, params: ArucoDetectorParameters, refine: ArucoRefineParameters) => ArucoDetector;
  generateImageMarker(dictionary: ArucoDictionary, id: number, sidePixels: number, img: Mat, borderBits: number): void;
  /** Constants: DICT_4X4_50, ..., CORNER_REFINE_SUBPIX. */
  [constant: string]: unknown;
}

/** The aruco functions of this opencv.js build, or null when it was built without them. */
export function arucoOf(cv: CV): ArucoApi | null {
  const a = cv as unknown as Record<string, unknown>;
  const needed = ['getPredefinedDictionary', 'aruco_DetectorParameters', 'aruco_RefineParameters', 'aruco_ArucoDetector', 'generateImageMarker'];
  return needed.every((k) => typeof a[k] === 'function') ? (cv as unknown as ArucoApi) : null;
}

/** The numeric id of a dictionary constant (`DICT_4X4_50`), or null when unknown. */
export function dictionaryConstant(api: ArucoApi, name: string): number | null {
  const v = api[name];
  return typeof v === 'number' ? v : null;
}
