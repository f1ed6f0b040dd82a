/**
 * Box-filter downscale of a grey image by an integer factor into 8-bit pixels: each the mean of
 * its factor x factor block, truncated. The block sums are gathered a row at a time: sums of
 * 8-bit or float32 grey levels are exact in a float64 in any order, so the means are the same
 * as summing block by block.
 */
export function downscaleBox(gray: { data: ArrayLike<number>; widthPx: number; heightPx: number }, factor: number): { data: Uint8Array; widthPx: number; heightPx: number } {
  const w = Math.floor(gray.widthPx / factor);
  const h = Math.floor(gray.heightPx / factor);
  const out = new Uint8Array(w * h);
  const area = factor * factor;
  const src = gray.data;
  const acc = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      let i = (y * factor + dy) * gray.widthPx;
      for (let x = 0; x < w; x++) {
        let s = 0;
        for (let dx = 0; dx < factor; dx++) s += src[i++]!;
        acc[x]! += s;
      }
    }
    for (let x = 0; x < w; x++) out[y * w + x] = acc[x]! / area;
  }
  return { data: out, widthPx: w, heightPx: h };
}
