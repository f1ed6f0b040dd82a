/**
 * Piece kinds (carrom: men, queen, striker): of the truth pieces of each kind that a detection
 * matches, how many the vision named right. Pure: no images.
 */
import type { PieceKind } from '../../rules/core/board-state.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';

export interface KindTruth {
  kind?: PieceKind;
  state: string;
  xMm: number;
  yMm: number;
}

export interface KindMeasured {
  kind?: PieceKind;
  xMm: number;
  yMm: number;
}

/** Per truth kind: pieces matched by a detection, and of those how many were given that kind. */
export type KindTally = Record<string, { matched: number; named: number }>;

const SEEN = new Set(['in-play', 'ditch', 'hole', 'compartment']);

/** Tally one scene (in whichever of the board's symmetric orientations matches the most). */
export function tallyKinds(profile: BoardProfile, truth: readonly KindTruth[], measured: readonly KindMeasured[] | null, into: KindTally = {}): KindTally {
  if (!measured) return into;
  const seen = truth.filter((t) => SEEN.has(t.state));
  const maxDistMm = 0.8 * (profile.pieces[0]!.diameterMm / 2);
  let best: { pairs: [number, number][] } | null = null;
  for (let k = 0; k < profile.symmetryOrder; k++) {
    const a = (-2 * Math.PI * k) / profile.symmetryOrder;
    const m = measured.map((d) => ({ ...d, xMm: Math.cos(a) * d.xMm - Math.sin(a) * d.yMm, yMm: Math.sin(a) * d.xMm + Math.cos(a) * d.yMm }));
    const cand: { t: number; m: number; d: number }[] = [];
    seen.forEach((t, ti) => m.forEach((d, mi) => {
      const dist = Math.hypot(t.xMm - d.xMm, t.yMm - d.yMm);
      if (dist <= maxDistMm) cand.push({ t: ti, m: mi, d: dist });
    }));
    cand.sort((p, q) => p.d - q.d);
    const usedT = new Set<number>();
    const usedM = new Set<number>();
    const pairs: [number, number][] = [];
    for (const c of cand) {
      if (usedT.has(c.t) || usedM.has(c.m)) continue;
      usedT.add(c.t);
      usedM.add(c.m);
      pairs.push([c.t, c.m]);
    }
    if (!best || pairs.length > best.pairs.length) best = { pairs };
  }
  for (const [t, m] of best!.pairs) {
    const kind = seen[t]!.kind ?? profile.pieces[0]!.kind;
    const row = (into[kind] ??= { matched: 0, named: 0 });
    row.matched++;
    if ((measured[m]!.kind ?? profile.pieces[0]!.kind) === kind) row.named++;
  }
  return into;
}

/** "man 120/122, queen 8/9, striker 7/8": named right / matched, per kind. */
export function formatKinds(t: KindTally): string {
  return Object.entries(t)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v.named}/${v.matched}`)
    .join(', ');
}
