/**
 * Look along a normal for the edge or painted line a model sample predicts, to a fraction of
 * a pixel. Lines are found by their centre (a valley or a ridge in brightness), steps by the
 * steepest change.
 */
import { responsePeak } from '../geometry/response-peak.ts';
import { roundHalfUp } from '../geometry/round-half-up.ts';
import type { GrayImage } from '../image/frame.ts';
import { normalInsideImage, NORMAL_STEP_PX as STEP_PX, profileAt, sampleNormalProfile } from '../image/normal-profile.ts';

export interface EdgeHit {
  /** Offset along the normal from the predicted point, in pixels. */
  offsetPx: number;
  /** Signed response at the hit: negative for a dark line or a bright-to-dark step. */
  response: number;
}

// Scratch rows reused by every search (calibration calls this thousands of times per frame;
// fresh arrays each time cost more in garbage collection than the search itself).
let profileRow = new Float64Array(64);
let responseRow = new Float64Array(64);

/**
 * `polarity` +1 keeps only positive responses, -1 only negative, 0 either. `lineWidthPx` is
 * the paint width seen in the image (at least 1.5 px is assumed).
 */
export function searchEdge(
  img: GrayImage,
  xPx: number,
  yPx: number,
  nx: number,
  ny: number,
  rangePx: number,
  kind: 'line' | 'step',
  lineWidthPx: number,
  polarity: -1 | 0 | 1,
): EdgeHit | null {
  if (kind === 'step') return searchStepEdge(img, xPx, yPx, nx, ny, rangePx, polarity);
  const w = Math.max(1.5, lineWidthPx);
  const n = roundHalfUp((rangePx + w + 1) / STEP_PX);
  if (profileRow.length < 2 * n + 1) profileRow = new Float64Array(2 * (2 * n + 1));
  const profile = profileRow;
  if (!normalInsideImage(img, xPx, yPx, nx, ny, n)) return null;
  sampleNormalProfile(img, xPx, yPx, nx, ny, n, profile);
  const m = roundHalfUp(rangePx / STEP_PX);
  const count = 2 * m + 1;
  if (responseRow.length < count) responseRow = new Float64Array(2 * count);
  const resp = responseRow;
  for (let i = -m; i <= m; i++) {
    const t = i * STEP_PX;
    resp[i + m] = profileAt(profile, n, t) - 0.5 * (profileAt(profile, n, t - w) + profileAt(profile, n, t + w));
  }
  const peak = responsePeak(resp, count, polarity);
  return peak ? { offsetPx: (peak.sample - m + peak.fraction) * STEP_PX, response: peak.response } : null;
}

/**
 * searchEdge, and a thin line too faint at its own width looked for again `widerPx()` wide when
 * that is wider: a blurred image (out of focus, motion, far away) spreads a line of a pixel or
 * two into a shallow dip a few pixels wide, which a filter of the paint's width barely sees. (A
 * function: asked for only when a line is too faint, as working the width out may cost something.)
 */
export function searchEdgeOrWider(img: GrayImage, xPx: number, yPx: number, nx: number, ny: number, rangePx: number, kind: 'line' | 'step', lineWidthPx: number, polarity: -1 | 0 | 1, minResponse: number, widerPx: () => number): EdgeHit | null {
  const hit = searchEdge(img, xPx, yPx, nx, ny, rangePx, kind, lineWidthPx, polarity);
  if (kind !== 'line' || (hit && Math.abs(hit.response) >= minResponse)) return hit;
  const widePx = widerPx();
  if (widePx <= Math.max(1.5, lineWidthPx)) return hit;
  const wide = searchEdge(img, xPx, yPx, nx, ny, rangePx, kind, widePx, polarity);
  return wide && Math.abs(wide.response) >= minResponse ? wide : hit;
}

/**
 * The steepest step along a normal (searchEdge's 'step'; the disc fits call it directly), the
 * step measured across 2 * halfBaselinePx (a blurred edge spreads over more than 1.5 px).
 */
export function searchStepEdge(
  img: GrayImage,
  xPx: number,
  yPx: number,
  nx: number,
  ny: number,
  rangePx: number,
  polarity: -1 | 0 | 1,
  halfBaselinePx = 0.75,
): EdgeHit | null {
  const n = roundHalfUp((rangePx + (halfBaselinePx + 0.75)) / STEP_PX);
  if (profileRow.length < 2 * n + 1) profileRow = new Float64Array(2 * n + 1);
  const profile = profileRow;
  if (!normalInsideImage(img, xPx, yPx, nx, ny, n)) return null;
  const m = roundHalfUp(rangePx / STEP_PX);
  const count = 2 * m + 1;
  if (responseRow.length < count) responseRow = new Float64Array(count);
  const resp = responseRow;
  if (n === m + 3 && halfBaselinePx === 0.75) {
    // The usual case: t ± 0.75 falls half-way between two samples, none at the profile's ends
    // (profileAt's interpolation with its weights of exactly 0.5, written out). The two end
    // samples are not read, so not taken: samples -(n - 1)..n - 1, sample i at i + n - 1.
    sampleNormalProfile(img, xPx, yPx, nx, ny, n - 1, profile);
    for (let i = -m; i <= m; i++) {
      const k = i + n - 1;
      resp[i + m] = profile[k + 1]! * 0.5 + profile[k + 2]! * 0.5 - (profile[k - 2]! * 0.5 + profile[k - 1]! * 0.5);
    }
  } else {
    sampleNormalProfile(img, xPx, yPx, nx, ny, n, profile);
    for (let i = -m; i <= m; i++) {
      const t = i * STEP_PX;
      resp[i + m] = profileAt(profile, n, t + halfBaselinePx) - profileAt(profile, n, t - halfBaselinePx);
    }
  }
  const peak = responsePeak(resp, count, polarity);
  return peak ? { offsetPx: (peak.sample - m + peak.fraction) * STEP_PX, response: peak.response } : null;
}
