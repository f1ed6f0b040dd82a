/**
 * Masks and connected regions on the low-resolution image, kept sparse: a mask carries the list
 * of its set pixels, so labelling, growing and clearing cost what is set (a few discs, a hand),
 * not the whole image. Regions are 8-connected, with their size, centroid, box, whether they
 * touch the image border and how much of them lies in a region of interest (the board).
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
  /** Pixels of the blob inside the region given to `find` (all of them when none). */
  inRegion: number;
}

/** A 0/1 mask and the indices of its set pixels. */
export class SparseMask {
  readonly mask: Uint8Array;
  idx: Int32Array;
  n = 0;

  constructor(readonly widthPx: number, readonly heightPx: number) {
    this.mask = new Uint8Array(widthPx * heightPx);
    this.idx = new Int32Array(1024);
  }

  add(i: number): void {
    if (this.mask[i]) return;
    this.mask[i] = 1;
    if (this.n === this.idx.length) {
      const grown = new Int32Array(this.idx.length * 2);
      grown.set(this.idx);
      this.idx = grown;
    }
    this.idx[this.n++] = i;
  }

  clear(): void {
    if (this.n > this.mask.length / 8) this.mask.fill(0);
    else for (let k = 0; k < this.n; k++) this.mask[this.idx[k]!] = 0;
    this.n = 0;
  }

  copyFrom(o: SparseMask): void {
    this.clear();
    for (let k = 0; k < o.n; k++) this.add(o.idx[k]!);
  }
}

/** out = pixels where |a - b| > threshold (and region[i], when given); returns the count. */
export function diffMask(a: Uint8Array, b: Uint8Array, threshold: number, out: SparseMask, region?: Uint8Array): number {
  out.clear();
  const m = out.mask;
  let idx = out.idx;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    if ((d > threshold || d < -threshold) && (!region || region[i] === 1)) {
      m[i] = 1;
      if (n === idx.length) {
        const grown = new Int32Array(idx.length * 2);
        grown.set(idx);
        idx = out.idx = grown;
      }
      idx[n++] = i;
    }
  }
  out.n = n;
  return n;
}

/** out = src grown by `times` pixels (3x3 dilation, repeated). */
export function dilate(src: SparseMask, times: number, out: SparseMask, scratch: SparseMask): void {
  const W = src.widthPx;
  const H = src.heightPx;
  out.copyFrom(src);
  for (let t = 0; t < times; t++) {
    scratch.copyFrom(out);
    for (let k = 0; k < scratch.n; k++) {
      const i = scratch.idx[k]!;
      const x = i % W;
      const y = (i - x) / W;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < W) out.add(yy * W + xx);
        }
      }
    }
  }
}

// Scratch for growSquare, kept between calls (it runs on every frame with a hand in view).
let growRows = new Uint8Array(0);
let growCounts = new Int32Array(0);

/**
 * out = src grown by `times` pixels: the same set as dilate(src, times) (a 3x3 dilation
 * repeated is a square of side 2 * times + 1), made in two passes over the region's box, rows
 * then columns, with running counts: a hand grown by ~10 pixels cost ~20 % of the frame loop
 * dilated step by step. The indices come column by column (dilate's order differs).
 */
export function growSquare(src: SparseMask, times: number, out: SparseMask): void {
  out.clear();
  if (src.n === 0) return;
  const W = src.widthPx;
  const H = src.heightPx;
  let minX = W;
  let minY = H;
  let maxX = -1;
  let maxY = -1;
  for (let k = 0; k < src.n; k++) {
    const i = src.idx[k]!;
    const x = i % W;
    const y = (i - x) / W;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const x0 = Math.max(0, minX - times);
  const x1 = Math.min(W - 1, maxX + times);
  const y0 = Math.max(0, minY - times);
  const y1 = Math.min(H - 1, maxY + times);
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  if (growRows.length < bw * bh) growRows = new Uint8Array(2 * bw * bh);
  if (growCounts.length < Math.max(bw, bh) + 1) growCounts = new Int32Array(2 * (Math.max(bw, bh) + 1));
  const rows = growRows;
  const counts = growCounts;
  rows.fill(0, 0, bw * bh);
  // Rows: a pixel is set where its row of src has a pixel within `times` of it.
  for (let y = minY; y <= maxY; y++) {
    counts[0] = 0;
    for (let x = x0; x <= x1; x++) counts[x - x0 + 1] = counts[x - x0]! + src.mask[y * W + x]!;
    if (counts[bw] === 0) continue;
    const row = (y - y0) * bw;
    for (let x = x0; x <= x1; x++) {
      const lo = Math.max(x0, x - times) - x0;
      const hi = Math.min(x1, x + times) - x0 + 1;
      if (counts[hi]! - counts[lo]! > 0) rows[row + x - x0] = 1;
    }
  }
  // Columns of that, the same way.
  for (let x = 0; x < bw; x++) {
    counts[0] = 0;
    for (let y = 0; y < bh; y++) counts[y + 1] = counts[y]! + rows[y * bw + x]!;
    if (counts[bh] === 0) continue;
    for (let y = 0; y < bh; y++) {
      const lo = Math.max(0, y - times);
      const hi = Math.min(bh - 1, y + times) + 1;
      if (counts[hi]! - counts[lo]! > 0) out.add((y0 + y) * W + x0 + x);
    }
  }
}

/** Labels 8-connected regions of sparse masks; reuses its buffers from call to call. */
export class BlobFinder {
  /** Label of each pixel of the last mask (0: not set), valid until the next call. */
  readonly labels: Int32Array;
  private parent = new Int32Array(256);
  private lastIdx = new Int32Array(0);
  private lastN = 0;

  constructor(readonly widthPx: number, readonly heightPx: number) {
    this.labels = new Int32Array(widthPx * heightPx);
  }

  private root(a: number): number {
    const p = this.parent;
    while (p[a] !== a) {
      p[a] = p[p[a]!]!;
      a = p[a]!;
    }
    return a;
  }

  find(m: SparseMask, minArea: number, region?: Uint8Array): Blob[] {
    const W = this.widthPx;
    const H = this.heightPx;
    const labels = this.labels;
    for (let k = 0; k < this.lastN; k++) labels[this.lastIdx[k]!] = 0;
    if (this.lastIdx.length < m.n) this.lastIdx = new Int32Array(m.idx.length);
    this.lastIdx.set(m.idx.subarray(0, m.n));
    this.lastN = m.n;
    let next = 1;
    for (let k = 0; k < m.n; k++) {
      const i = m.idx[k]!;
      const x = i % W;
      const y = (i - x) / W;
      let l = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W || (dx === 0 && dy === 0)) continue;
          const lj = labels[yy * W + xx]!;
          if (!lj) continue;
          if (!l) l = this.root(lj);
          else {
            const a = this.root(lj);
            if (a !== l) {
              if (a < l) {
                this.parent[l] = a;
                l = a;
              } else this.parent[a] = l;
            }
          }
        }
      }
      if (!l) {
        if (next >= this.parent.length) {
          const grown = new Int32Array(this.parent.length * 2);
          grown.set(this.parent);
          this.parent = grown;
        }
        l = next++;
        this.parent[l] = l;
      }
      labels[i] = l;
    }
    const stats = new Map<number, Blob>();
    for (let k = 0; k < m.n; k++) {
      const i = m.idx[k]!;
      const r = this.root(labels[i]!);
      labels[i] = r;
      const x = i % W;
      const y = (i - x) / W;
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
    const out: Blob[] = [];
    for (const b of stats.values()) {
      if (b.area < minArea) continue;
      b.xPx /= b.area;
      b.yPx /= b.area;
      out.push(b);
    }
    return out;
  }
}

/** Share of the given pixel indices that are set in a mask. */
export function fractionOn(mask: Uint8Array, pixels: Int32Array): number {
  if (pixels.length === 0) return 0;
  let n = 0;
  for (let k = 0; k < pixels.length; k++) n += mask[pixels[k]!]!;
  return n / pixels.length;
}
