/**
 * A list of board edge samples as flat arrays of the fields the visibility tests read. The
 * close fit and the sharp scores ask which samples a camera sees thousands of times per frame,
 * always of the same few lists; the samples' optional fields give them many shapes, and reading
 * those fields sample by sample cost more than the tests themselves. Kept per list (the lists
 * are not changed once made; a list whose length changed is read afresh).
 */
import type { BoardEdgeSample } from './rect-model.ts';

export interface SampleFlags {
  count: number;
  xMm: Float64Array;
  yMm: Float64Array;
  /** The sample's height (0 when it has none). */
  zMm: Float64Array;
  /** 1 when the sample has a facing (see BoardEdgeSample.facing). */
  hasFacing: Uint8Array;
  facingXMm: Float64Array;
  facingYMm: Float64Array;
  onOutline: Uint8Array;
  maybeWall: Uint8Array;
  wallFoot: Uint8Array;
}

const cache = new WeakMap<readonly BoardEdgeSample[], SampleFlags>();

export function sampleFlags(samples: readonly BoardEdgeSample[]): SampleFlags {
  const known = cache.get(samples);
  if (known && known.count === samples.length) return known;
  const n = samples.length;
  const f: SampleFlags = {
    count: n,
    xMm: new Float64Array(n),
    yMm: new Float64Array(n),
    zMm: new Float64Array(n),
    hasFacing: new Uint8Array(n),
    facingXMm: new Float64Array(n),
    facingYMm: new Float64Array(n),
    onOutline: new Uint8Array(n),
    maybeWall: new Uint8Array(n),
    wallFoot: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const s = samples[i]!;
    f.xMm[i] = s.xMm;
    f.yMm[i] = s.yMm;
    // (A height that is not a number counts as none, as a test of `s.zMm` takes it.)
    f.zMm[i] = s.zMm || 0;
    if (s.facing) {
      f.hasFacing[i] = 1;
      f.facingXMm[i] = s.facing.xMm;
      f.facingYMm[i] = s.facing.yMm;
    }
    f.onOutline[i] = s.onOutline ? 1 : 0;
    f.maybeWall[i] = s.maybeWall ? 1 : 0;
    f.wallFoot[i] = s.wallFoot ? 1 : 0;
  }
  cache.set(samples, f);
  return f;
}

/** facesCamera (rect-model.ts) of sample i, from its flags. */
export function facesCameraAt(f: SampleFlags, i: number, cameraMm: { xMm: number; yMm: number } | null, marginMm: number): boolean {
  if (!f.hasFacing[i]) return true;
  if (!cameraMm) return false;
  return (cameraMm.xMm - f.xMm[i]!) * f.facingXMm[i]! + (cameraMm.yMm - f.yMm[i]!) * f.facingYMm[i]! > marginMm;
}
