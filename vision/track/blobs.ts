/**
 * Masks and connected regions on the low-resolution image: thresholded differences, a 3x3
 * dilation, and 8-connected components with their size, centroid, box, whether they touch the
 * image border and how much of them lies in a region of interest (the board).
 */

export interface Blob {
  label: number;
  area: number;
  /** Centroid, low-resolution pixels. */
  xPx: number;
  yPx: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  touchesBorder: boolean;
  /** Pixels of the blob inside the region given to `findBlobs` (all of them when none). */
  inRegion: number;
}

/** mask[i] = 1 where |a - b| > threshold (and region[i], when given); returns the count. */
export function diffMask(a: Uint8Array, b: Uint8Array, threshold: number, out: Uint8Array, region?: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    const on = (d > threshold || d < -threshold) && (!region || region[i] === 1) ? 1 : 0;
    out[i] = on;
    n += on;
  }
  return n;
}

/** 3x3 dilation (a pixel is on when any neighbour is). */
export function dilate(mask: Uint8Array, W: number, H: number, out: Uint8Array): void {
  const tmp = new Uint8Array(mask.length);
  for (let y = 0; y < H; y++) {
    const r = y * W;
    for (let x = 0; x < W; x++) tmp[r + x] = mask[r + x]! | (x > 0 ? mask[r + x - 1]! : 0) | (x < W - 1 ? mask[r + x + 1]! : 0);
  }
  for (let y = 0; y < H; y++) {
    const r = y * W;
    for (let x = 0; x < W; x++) out[r + x] = tmp[r + x]! | (y > 0 ? tmp[r + x - W]! : 0) | (y < H - 1 ? tmp[r + x + W]! : 0);
  }
}

/** Dilate n times (n * 1 pixel). */
export function dilateBy(mask: Uint8Array, W: number, H: number, n: number): Uint8Array {
  let cur = Uint8Array.from(mask);
  for (let i = 0; i < n; i++) {
    const next = new Uint8Array(mask.length);
    dilate(cur, W, H, next);
    cur = next;
  }
  return cur;
}

/**
 * 8-connected components of a 0/1 mask, with the labels written into `labels` (0 = off).
 * Components smaller than minArea are dropped (their pixels keep label 0 in the result list
 * but not in `labels`; use the returned list's labels).
 */
export function findBlobs(mask: Uint8Array, W: number, H: number, minArea: number, labels: Int32Array, region?: Uint8Array): Blob[] {
  const parent: number[] = [0];
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  const union = (a: number, b: number): number => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return ra;
    if (ra < rb) {
      parent[rb] = ra;
      return ra;
    }
    parent[ra] = rb;
    return rb;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!mask[i]) {
        labels[i] = 0;
        continue;
      }
      let l = 0;
      const consider = (j: number) => {
        const lj = labels[j]!;
        if (lj) l = l ? union(l, lj) : lj;
      };
      if (x > 0) consider(i - 1);
      if (y > 0) {
        if (x > 0) consider(i - W - 1);
        consider(i - W);
        if (x < W - 1) consider(i - W + 1);
      }
      if (!l) {
        l = parent.length;
        parent.push(l);
      }
      labels[i] = l;
    }
  }
  const stats = new Map<number, Blob>();
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!labels[i]) continue;
      const r = find(labels[i]!);
      labels[i] = r;
      let b = stats.get(r);
      if (!b) {
        b = { label: r, area: 0, xPx: 0, yPx: 0, minX: x, minY: y, maxX: x, maxY: y, touchesBorder: false, inRegion: 0 };
        stats.set(r, b);
      }
      b.area++;
      b.xPx += x;
      b.yPx += y;
      if (x < b.minX) b.minX = x;
      if (x > b.maxX) b.maxX = x;
      if (y < b.minY) b.minY = y;
      if (y > b.maxY) b.maxY = y;
      if (x === 0 || y === 0 || x === W - 1 || y === H - 1) b.touchesBorder = true;
      if (!region || region[i]) b.inRegion++;
    }
  }
  const out: Blob[] = [];
  for (const b of stats.values()) {
    if (b.area < minArea) continue;
    b.xPx /= b.area;
    b.yPx /= b.area;
    out.push(b);
  }
  return out;
}

/** Share of the given pixel indices that are on in a mask. */
export function fractionOn(mask: Uint8Array, pixels: Int32Array): number {
  if (pixels.length === 0) return 0;
  let n = 0;
  for (let k = 0; k < pixels.length; k++) n += mask[pixels[k]!]!;
  return n / pixels.length;
}
