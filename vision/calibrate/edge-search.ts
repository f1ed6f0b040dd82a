/**
 * Look along a normal for the edge or painted line a model sample predicts, to a fraction of
 * a pixel. Lines are found by their centre (a valley or a ridge in brightness), steps by the
 * steepest change.
 */
import { responsePeak } from '../geometry/response-peak.ts';
import type { GrayImage } from '../image/frame.ts';

export interface EdgeHit {
  /** Offset along the normal from the predicted point, in pixels. */
  offsetPx: number;
  /** Signed response at the hit: negative for a dark line or a bright-to-dark step. */
  response: number;
}

const STEP_PX = 0.5;

// Scratch rows reused by every search (calibration calls this thousands of times per frame;
// fresh arrays each time cost more in garbage collection than the search itself).
let profileRow = new Float64Array(64);
let responseRow = new Float64Array(64);

/** Linear interpolation in a profile of 2n + 1 samples (t in pixels from its centre). */
function profileAt(profile: Float64Array, n: number, t: number): number {
  const u = t / STEP_PX + n;
  const i0 = Math.max(0, Math.min(2 * n - 1, Math.floor(u)));
  const f = u - i0;
  return profile[i0]! * (1 - f) + profile[i0 + 1]! * f;
}

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
  const w = Math.max(1.5, lineWidthPx);
  const margin = kind === 'line' ? w + 1 : 1.5;
  const n = Math.round((rangePx + margin) / STEP_PX);
  if (profileRow.length < 2 * n + 1) profileRow = new Float64Array(2 * (2 * n + 1));
  const profile = profileRow;
  // Bilinear samples along the normal (as sampleBilinear; NaN outside the image ends the search).
  const widthPx = img.widthPx;
  const heightPx = img.heightPx;
  const d = img.data;
  for (let i = -n; i <= n; i++) {
    const x = xPx + nx * i * STEP_PX;
    const y = yPx + ny * i * STEP_PX;
    if (!(x >= 0 && y >= 0 && x <= widthPx - 1 && y <= heightPx - 1)) return null;
    const x0 = Math.min(Math.floor(x), widthPx - 2);
    const y0 = Math.min(Math.floor(y), heightPx - 2);
    const fx = x - x0;
    const fy = y - y0;
    const k = y0 * widthPx + x0;
    profile[i + n] = (d[k]! * (1 - fx) + d[k + 1]! * fx) * (1 - fy) + (d[k + widthPx]! * (1 - fx) + d[k + widthPx + 1]! * fx) * fy;
  }
  const m = Math.round(rangePx / STEP_PX);
  const count = 2 * m + 1;
  if (responseRow.length < count) responseRow = new Float64Array(2 * count);
  const resp = responseRow;
  if (kind === 'line') {
    for (let i = -m; i <= m; i++) {
      const t = i * STEP_PX;
      resp[i + m] = profileAt(profile, n, t) - 0.5 * (profileAt(profile, n, t - w) + profileAt(profile, n, t + w));
    }
  } else {
    for (let i = -m; i <= m; i++) {
      const t = i * STEP_PX;
      resp[i + m] = profileAt(profile, n, t + 0.75) - profileAt(profile, n, t - 0.75);
    }
  }
  const peak = responsePeak(resp, count, polarity);
  return peak ? { offsetPx: (peak.sample - m + peak.fraction) * STEP_PX, response: peak.response } : null;
}
