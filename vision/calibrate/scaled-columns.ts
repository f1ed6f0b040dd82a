/**
 * The columns of K^-1 H for a focal length (principal point removed), written into a buffer
 * (first column in 0-2, second in 3-5, third in 6-8): the camera fits look at thousands of
 * mappings per frame, where arrays made per look cost more than the arithmetic.
 */
export function scaledColumnsInto(h: readonly number[], cx: number, cy: number, f: number, out: Float64Array): Float64Array {
  for (let k = 0; k < 3; k++) {
    out[3 * k] = (h[k]! - cx * h[6 + k]!) / f;
    out[3 * k + 1] = (h[3 + k]! - cy * h[6 + k]!) / f;
    out[3 * k + 2] = h[6 + k]!;
  }
  return out;
}
