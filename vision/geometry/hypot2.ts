/**
 * Math.hypot of two numbers, V8's own arithmetic (the larger one factored out, the squares
 * summed with Kahan's compensation), so the same result; the built-in takes any number of
 * arguments and costs several times more per call, here made for every ray of every pass.
 */
export function hypot2(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  if (x === Infinity || y === Infinity) return Infinity;
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  const max = x > y ? x : y;
  if (max === 0) return 0;
  const nx = x / max;
  const ny = y / max;
  const first = nx * nx;
  const sum = first + ny * ny;
  // Kahan's step for the second square: the compensation after the first is exactly zero.
  return Math.sqrt(sum) * max;
}
