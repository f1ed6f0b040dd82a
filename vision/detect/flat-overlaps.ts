/**
 * Discs lying flat on a board cannot overlap. Two fits that do are one disc and a ghost beside
 * it: a tall piece's side wall and its shadow (a curling stone seen obliquely) draw an arc a
 * partial rim fit takes for a second disc. The disc is the fit found farther round its rim
 * that stands out more from the board in colour, a fit whose face is the board in shade
 * counting for less (a shadow keeps the board's hue).
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';

export interface OverlapOptions {
  /** Two discs may overlap by this share of the smaller radius (fit error at a touch)... */
  flatOverlapFraction: number;
}

export interface ShadeOptions {
  /** A face darker than the board round it by a ratio within this range in every channel... */
  shadeRatioRange: readonly [number, number];
  /** ... the same ratio in each channel within this factor (the board's hue kept)... */
  shadeMaxRatioSpread: number;
}

/**
 * Whether a face's colour is the board's colour in shade: every channel darker by about the
 * same ratio. A disc darker than the board is far darker (black) or of another hue; a shadow
 * is the board less the direct light (ambient 0.5-0.65 in the corpus).
 */
export function boardInShade(face: readonly number[], board: readonly number[], o: ShadeOptions): boolean {
  const ratios = [0, 1, 2].map((c) => face[c]! / Math.max(1, board[c]!));
  const lo = Math.min(...ratios);
  const hi = Math.max(...ratios);
  return lo >= o.shadeRatioRange[0] && hi <= o.shadeRatioRange[1] && hi <= o.shadeMaxRatioSpread * lo;
}

interface Fitted {
  xMm: number;
  yMm: number;
  radiusMm: number;
  uncertaintyMm: number;
  confidence: number;
  rimCoverage: number;
  state: 'on-board' | 'in-hole';
}

/** Boards where a disc may lie on another (PitRush's stacks, sjoelbak's piles): overlaps are real there. */
export function allowsStacks(profile: BoardProfile): boolean {
  return profile.piecesStack;
}

/**
 * Indices of the discs to drop: of discs overlapping by more than the allowed share of the
 * smaller radius and than both centres' uncertainties together, the better by `quality` is
 * kept first. A disc in a hole lies below the surface and is left alone. `quality` is asked
 * only of discs that overlap another.
 */
export function overlappingGhosts(discs: readonly Fitted[], o: OverlapOptions, quality: (i: number) => number): number[] {
  const overlap = (a: Fitted, b: Fitted) => {
    const overlapMm = a.radiusMm + b.radiusMm - Math.hypot(a.xMm - b.xMm, a.yMm - b.yMm);
    return overlapMm > Math.max(o.flatOverlapFraction * Math.min(a.radiusMm, b.radiusMm), a.uncertaintyMm + b.uncertaintyMm);
  };
  const flat = [...discs.keys()].filter((i) => discs[i]!.state === 'on-board');
  const involved = flat.filter((i) => flat.some((j) => j !== i && overlap(discs[i]!, discs[j]!)));
  if (involved.length === 0) return [];
  const q = new Map(involved.map((i) => [i, quality(i)]));
  const order = [...involved].sort((a, b) => q.get(b)! - q.get(a)! || a - b);
  const kept: Fitted[] = [];
  const dropped: number[] = [];
  for (const i of order) {
    if (kept.some((k) => overlap(k, discs[i]!))) dropped.push(i);
    else kept.push(discs[i]!);
  }
  return dropped.sort((a, b) => a - b);
}
