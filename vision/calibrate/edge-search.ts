/**
 * Look along a normal for the edge or painted line a model sample predicts, to a fraction of
 * a pixel. Lines are found by their centre (a valley or a ridge in brightness), steps by the
 * steepest change.
 */
import { responsePeak } from '../geometry/response-peak.ts';
import { sampleBilinear, type GrayImage } from '../image/frame.ts';

export interface EdgeHit {
  /** Offset along the normal from the predicted point, in pixels. */
  offsetPx: number;
  /** Signed response at the hit: negative for a dark line or a bright-to-dark step. */
  response: number;
}

const STEP_PX = 0.5;

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
  const profile = new Float64Array(2 * n + 1);
  for (let i = -n; i <= n; i++) {
    const v = sampleBilinear(img, xPx + nx * i * STEP_PX, yPx + ny * i * STEP_PX);
    if (Number.isNaN(v)) return null;
    profile[i + n] = v;
  }
  const at = (t: number) => {
    // Linear interpolation in the sampled profile (t in pixels from the centre).
    const u = t / STEP_PX + n;
    const i0 = Math.max(0, Math.min(2 * n - 1, Math.floor(u)));
    const f = u - i0;
    return profile[i0]! * (1 - f) + profile[i0 + 1]! * f;
  };
  const m = Math.round(rangePx / STEP_PX);
  const resp = new Float64Array(2 * m + 1);
  for (let i = -m; i <= m; i++) {
    const t = i * STEP_PX;
    resp[i + m] = kind === 'line' ? at(t) - 0.5 * (at(t - w) + at(t + w)) : at(t + 0.75) - at(t - 0.75);
  }
  const peak = responsePeak(resp, resp.length, polarity);
  return peak ? { offsetPx: (peak.sample - m + peak.fraction) * STEP_PX, response: peak.response } : null;
}
