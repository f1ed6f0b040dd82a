/** Medians as detection takes them: the upper middle of an even count. */
import type { Rgb } from './teams.ts';

/** The median of the values (0 when there are none). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : 0;
}

/** The median of each channel (null when there are no colours). */
export function medianRgb(cs: readonly Rgb[]): Rgb | null {
  if (cs.length === 0) return null;
  return [median(cs.map((c) => c[0])), median(cs.map((c) => c[1])), median(cs.map((c) => c[2]))];
}
