/**
 * Optimal one-to-one assignment (the Hungarian method, O(n^3)) for small cost matrices, with
 * a price for leaving a row or a column unassigned. Used to match discs seen at rest to the
 * discs that moved: greedy nearest-first can give one disc's place to another and leave the
 * first with nothing, where the best total gives each its own.
 */

/**
 * rows x cols costs (Infinity: not allowed). Returns, per row, the column it gets or -1.
 * Leaving row i unassigned costs rowCost[i] (or the number given for all), column j colCost[j].
 */
export function assign(costs: readonly (readonly number[])[], rowCost: number | readonly number[], colCost: number | readonly number[] = rowCost): number[] {
  const rows = costs.length;
  const cols = rows > 0 ? costs[0]!.length : 0;
  if (rows === 0) return [];
  // Square matrix: real rows and columns, then one dummy column per row and one dummy row per column.
  const n = rows + cols;
  const BIG = 1e12;
  const a: number[][] = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => {
      if (i < rows && j < cols) {
        const c = costs[i]![j]!;
        return Number.isFinite(c) ? c : BIG;
      }
      if (i < rows) return j - cols === i ? (typeof rowCost === 'number' ? rowCost : rowCost[i]!) : BIG; // row i left alone
      if (j < cols) return i - rows === j ? (typeof colCost === 'number' ? colCost : colCost[j]!) : BIG; // column j left alone
      return 0; // dummy to dummy
    }),
  );
  // Jonker-Volgenant style shortest augmenting paths (1-based potentials).
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Infinity);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = a[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]!]! += delta;
          v[j]! -= delta;
        } else minv[j]! -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const out = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = p[j]! - 1;
    if (i < rows && j - 1 < cols && a[i]![j - 1]! < BIG) out[i] = j - 1;
  }
  return out;
}
