/**
 * The edges a camera should see on a board, sampled from its profile: painted rings and lines
 * (thin lines: found by their centre), the edge of the playing surface, holes and filled areas
 * (steps in brightness). Calibration fits the image to these.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';

export interface ModelEdgeSample {
  xMm: number;
  yMm: number;
  /** Unit normal to the edge in the board plane. */
  nxMm: number;
  nyMm: number;
  kind: 'line' | 'step';
  /** Paint width for lines; 0 for steps. */
  widthMm: number;
  featureId: string;
}

export interface ModelEdgeOptions {
  /** Distance between samples along an edge. */
  spacingMm: number;
  /** Fewest samples on any closed curve. */
  minSamplesPerCurve: number;
}

export const MODEL_EDGE_DEFAULTS: ModelEdgeOptions = { spacingMm: 6, minSamplesPerCurve: 48 };

function circleSamples(id: string, xMm: number, yMm: number, radiusMm: number, kind: 'line' | 'step', widthMm: number, o: ModelEdgeOptions): ModelEdgeSample[] {
  const n = Math.max(o.minSamplesPerCurve, Math.round((2 * Math.PI * radiusMm) / o.spacingMm));
  const out: ModelEdgeSample[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * (i + 0.5)) / n;
    const c = Math.cos(a);
    const s = Math.sin(a);
    out.push({ xMm: xMm + radiusMm * c, yMm: yMm + radiusMm * s, nxMm: c, nyMm: s, kind, widthMm, featureId: id });
  }
  return out;
}

function segmentSamples(id: string, x1: number, y1: number, x2: number, y2: number, kind: 'line' | 'step', widthMm: number, o: ModelEdgeOptions, endMarginMm = 4): ModelEdgeSample[] {
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len <= 2 * endMarginMm) return [];
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const n = Math.max(2, Math.round((len - 2 * endMarginMm) / o.spacingMm));
  const out: ModelEdgeSample[] = [];
  for (let i = 0; i <= n; i++) {
    const t = endMarginMm + ((len - 2 * endMarginMm) * i) / n;
    out.push({ xMm: x1 + ux * t, yMm: y1 + uy * t, nxMm: -uy, nyMm: ux, kind, widthMm, featureId: id });
  }
  return out;
}

export function modelEdges(profile: BoardProfile, options: ModelEdgeOptions = MODEL_EDGE_DEFAULTS): ModelEdgeSample[] {
  const out: ModelEdgeSample[] = [];
  const s = profile.surface;
  if (s.shape === 'circle') out.push(...circleSamples('surface', s.xMm, s.yMm, s.radiusMm, 'step', 0, options));
  else {
    const c = [
      [s.minXMm, s.minYMm],
      [s.maxXMm, s.minYMm],
      [s.maxXMm, s.maxYMm],
      [s.minXMm, s.maxYMm],
    ] as const;
    for (let i = 0; i < 4; i++) {
      const a = c[i]!;
      const b = c[(i + 1) % 4]!;
      out.push(...segmentSamples('surface', a[0], a[1], b[0], b[1], 'step', 0, options, 10));
    }
  }
  for (const f of profile.features) {
    if (f.kind === 'ring') out.push(...circleSamples(f.id, f.xMm, f.yMm, f.radiusMm, 'line', f.lineWidthMm, options));
    else if (f.kind === 'hole' || f.kind === 'disk') out.push(...circleSamples(f.id, f.xMm, f.yMm, f.radiusMm, 'step', 0, options));
    else if (f.kind === 'line') out.push(...segmentSamples(f.id, f.x1Mm, f.y1Mm, f.x2Mm, f.y2Mm, 'line', f.lineWidthMm, options));
    else if (f.kind === 'region' && f.lineWidthMm > 0) {
      for (let i = 0; i < f.pointsMm.length; i++) {
        const a = f.pointsMm[i]!;
        const b = f.pointsMm[(i + 1) % f.pointsMm.length]!;
        out.push(...segmentSamples(f.id, a.xMm, a.yMm, b.xMm, b.yMm, 'line', f.lineWidthMm, options));
      }
    }
  }
  return out;
}
