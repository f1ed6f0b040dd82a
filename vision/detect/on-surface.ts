import type { Surface } from '../../rules/profiles/schema.ts';

/** Whether a point (a disc's centre) is over the playing surface. */
export function onSurface(s: Surface, xMm: number, yMm: number): boolean {
  return s.shape === 'circle' ? Math.hypot(xMm - s.xMm, yMm - s.yMm) <= s.radiusMm : xMm >= s.minXMm && xMm <= s.maxXMm && yMm >= s.minYMm && yMm <= s.maxYMm;
}
