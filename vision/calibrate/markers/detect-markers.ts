/**
 * Printed ArUco markers found in a grey image, with sub-pixel corners (as the lens shows
 * them: not undistorted).
 */
import type { GrayImage } from '../../image/frame.ts';
import type { CV } from '../../opencv/load-opencv.ts';
import { withMats } from '../../opencv/mat-scope.ts';
import { arucoOf, dictionaryConstant, type ArucoDetector } from './aruco-api.ts';
import type { MarkerDictionary } from './marker-layout.ts';

export interface SeenMarker {
  id: number;
  /** Corners in ArUco's order (the printed marker's top-left, top-right, bottom-right, bottom-left). */
  cornersPx: { x: number; y: number }[];
}

export const MARKER_DETECT_DEFAULTS = {
  /** opencv's CORNER_REFINE_SUBPIX (1): corners refined on the image gradient. */
  cornerRefinementMethod: 1,
  /** Half-window of the corner refinement, pixels. */
  cornerRefinementWinSize: 4,
  cornerRefinementMaxIterations: 60,
  cornerRefinementMinAccuracy: 0.01,
};

export type MarkerDetectOptions = typeof MARKER_DETECT_DEFAULTS;

export type MarkerDetection = { ok: true; markers: SeenMarker[] } | { ok: false; reason: string };

export function detectMarkers(cv: CV, gray: GrayImage, dictionary: MarkerDictionary, options: Partial<MarkerDetectOptions> = {}): MarkerDetection {
  const o = { ...MARKER_DETECT_DEFAULTS, ...options };
  const api = arucoOf(cv);
  if (!api) return { ok: false, reason: 'this opencv.js build has no ArUco module' };
  const dictId = dictionaryConstant(api, dictionary);
  if (dictId === null) return { ok: false, reason: `opencv.js does not know the ArUco dictionary ${dictionary}` };
  // Detector objects live in the wasm heap like Mats: every one is freed below.
  const dict = api.getPredefinedDictionary(dictId);
  const params = new api.aruco_DetectorParameters();
  const refine = new api.aruco_RefineParameters(10, 3, true);
  let detector: ArucoDetector | null = null;
  try {
    params.cornerRefinementMethod = o.cornerRefinementMethod;
    params.cornerRefinementWinSize = o.cornerRefinementWinSize;
    params.cornerRefinementMaxIterations = o.cornerRefinementMaxIterations;
    params.cornerRefinementMinAccuracy = o.cornerRefinementMinAccuracy;
    detector = new api.aruco_ArucoDetector(dict, params, refine);
    const det = detector;
    return withMats((s) => {
      const img = s.keep(new cv.Mat(gray.heightPx, gray.widthPx, cv.CV_8UC1));
      const d = img.data;
      const g = gray.data;
      // Grey levels are 0..255: rounded, they fit a byte.
      for (let i = 0; i < g.length; i++) d[i] = g[i]! + 0.5;
      const corners = s.keep(new cv.MatVector());
      const ids = s.keep(new cv.Mat());
      const rejected = s.keep(new cv.MatVector());
      det.detectMarkers(img, corners, ids, rejected);
      const markers: SeenMarker[] = [];
      for (let i = 0; i < corners.size(); i++) {
        const c = s.keep(corners.get(i));
        const f = c.data32F;
        const cornersPx = [0, 1, 2, 3].map((k) => ({ x: f[2 * k]!, y: f[2 * k + 1]! }));
        markers.push({ id: ids.data32S[i]!, cornersPx });
      }
      return { ok: true as const, markers };
    });
  } finally {
    detector?.delete();
    refine.delete();
    params.delete();
    dict.delete();
  }
}
