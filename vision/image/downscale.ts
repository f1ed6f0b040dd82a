/** Box-filter downscale of a grey image by an integer factor into 8-bit pixels (each the mean of its factor x factor block, truncated). */
export function downscaleBox(gray: { data: ArrayLike<number>; widthPx: number; heightPx: number }, factor: number): { data: Uint8Array; widthPx: number; heightPx: number } {
  const w = Math.floor(gray.widthPx / factor);
  const h = Math.floor(gray.heightPx / factor);
  const out = new Uint8Array(w * h);
  const area = factor * factor;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * gray.widthPx + x * factor;
        for (let dx = 0; dx < factor; dx++) s += gray.data[row + dx]!;
      }
      out[y * w + x] = s / area;
    }
  }
  return { data: out, widthPx: w, heightPx: h };
}
