/**
 * A disc lying in a hole, overlapped by a disc found on the board beside it: a disc leaning over
 * the hole's edge draws, with the hole's rim, a circle round the hole's centre that a fit takes
 * for a disc in the hole (on the corpus: 53-71% of such a rim found, a real disc 13-17 mm off the
 * hole's centre, none in the hole). A disc in the hole may also lie under it: which is a
 * person's call, so the fit is placed no better than the hole's radius.
 */
import type { DetectedDisc } from './types.ts';

type Found = Omit<DetectedDisc, 'team'>;

/** Discs in a hole a disc sinks into (`holeRadiusMm`: its radius, null for none) that an on-board disc overlaps (centres nearer than `overlapFraction` of two radii), given a reach of the hole's radius. */
export function doubtHoleDiscsOverlapped(found: Found[], radiusMm: number, holeRadiusMm: (f: Found) => number | null, overlapFraction: number): Found[] {
  return found.map((f) => {
    if (f.state !== 'in-hole') return f;
    const hole = holeRadiusMm(f);
    if (hole === null) return f;
    const overlapped = found.some((g) => g.state === 'on-board' && Math.hypot(g.xMm - f.xMm, g.yMm - f.yMm) < overlapFraction * 2 * radiusMm);
    return overlapped ? { ...f, reachMm: Math.max(f.reachMm ?? 0, hole) } : f;
  });
}

/**
 * Indices of discs found on the board whose centre lies over a sinking hole's opening, dark as
 * its floor and like no other disc found (nor a given team colour): the hole's dark floor and a
 * stretch of its rim, fitted as a disc leaning into it (on the corpus one such fit, 9 mm off the
 * hole's centre; the discs truly leaning there, 11-18 mm off, were each of a colour found elsewhere).
 */
export function darkFloorsOverOpenings(
  found: readonly Found[],
  holes: readonly { xMm: number; yMm: number; radiusMm: number }[],
  teamColours: readonly [number, number, number][],
  o: { holeFloorMaxLuma: number; holeFloorMinColourDistance: number },
): number[] {
  const out: number[] = [];
  found.forEach((f, i) => {
    if (f.state !== 'on-board' || !holes.some((h) => Math.hypot(h.xMm - f.xMm, h.yMm - f.yMm) < h.radiusMm)) return;
    const luma = 0.299 * f.rgb[0] + 0.587 * f.rgb[1] + 0.114 * f.rgb[2];
    if (luma >= o.holeFloorMaxLuma) return;
    const reference = [...found.filter((g) => g !== f).map((g) => g.rgb), ...teamColours];
    if (reference.length === 0) return;
    const nearest = Math.min(...reference.map((r) => Math.hypot(r[0] - f.rgb[0], r[1] - f.rgb[1], r[2] - f.rgb[2])));
    if (nearest > o.holeFloorMinColourDistance) out.push(i);
  });
  return out;
}
