/**
 * A disc lying in a hole, overlapped by a disc found on the board beside it: a disc leaning over
 * the hole's edge draws, with the hole's rim, a circle round the hole's centre that a fit takes
 * for a disc in the hole (on the corpus: 53-71% of such a rim found, a real disc 13-17 mm off the
 * hole's centre, none in the hole). A disc in the hole may also lie under it: which is a
 * person's call, so the fit is placed no better than the hole's radius.
 */
import { applyHomography, invert3 } from '../geometry/homography.ts';
import type { LensModel } from '../geometry/lens.ts';
import type { Frame } from '../image/frame.ts';
import { colourAt } from './colour-contrast.ts';
import { FLOOR_RINGS, ringSpread } from './hole-floor.ts';
import { median, medianRgb } from './medians.ts';
import type { Rgb } from './teams.ts';
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

/** What emptyOpeningsBesideLeaning needs of the scene round one hole: planes to ideal pixels, and the lens. */
export interface OpeningView {
  frame: Frame;
  lens: LensModel;
  /** The plane of a disc's top face lying in the hole, where its face would be seen. */
  sunkTopToImage: readonly number[];
  /** Planes a disc leaning over the hole spans (its top face, the board, half way down the hole): where any of them puts a point within its radius, it covers it. */
  leaningPlanesToImage: readonly (readonly number[])[];
}

/**
 * Indices of discs found in `hole` that a disc found on the board overlaps, where the part of the
 * opening no disc on the board covers is dark like the hole's floor, and like no other disc found
 * (nor a given team colour) or lit unevenly from ring to ring as a floor is (see shadedFloor):
 * the hole is empty, and its rim with the leaning disc's edge drew the circle (on 100 scenes of
 * each crokinole board, three fits in the hole under a disc 13-17 mm off its centre, none with a
 * disc in the hole: two told by colour, the third, its floor as dark as a team's discs, by its
 * light: its rings' greys spread by 0.18 of their mean, the others' by 0.25-0.47). The opening
 * is looked at in a grid of 1 mm within `openingInnerFraction` of the hole's radius (clear of
 * its rim's shadow); fewer than `openingMinVisibleShare` of the points in view tell nothing.
 */
export function emptyOpeningsBesideLeaning(
  found: readonly Found[],
  hole: { xMm: number; yMm: number; radiusMm: number },
  view: OpeningView,
  teamColours: readonly Rgb[],
  o: { holeFloorMaxLuma: number; holeFloorMinColourDistance: number; holeFloorMinRingSpread: number; openingInnerFraction: number; openingMinVisibleShare: number; openingCoverMarginMm: number },
): number[] {
  const inverses = view.leaningPlanesToImage.map((h) => invert3(h)).filter((h): h is number[] => h !== null);
  const out: number[] = [];
  found.forEach((f, i) => {
    if (f.state !== 'in-hole' || Math.hypot(hole.xMm - f.xMm, hole.yMm - f.yMm) >= 0.5) return;
    const leaning = found.filter((g) => g.state === 'on-board' && Math.hypot(g.xMm - hole.xMm, g.yMm - hole.yMm) < hole.radiusMm + g.radiusMm);
    if (leaning.length === 0) return;
    const reachMm = o.openingInnerFraction * hole.radiusMm;
    const seen: Rgb[] = [];
    // Each sample's grey, by the ring (FLOOR_RINGS) it lies in.
    const greys: number[][] = FLOOR_RINGS.map(() => []);
    let points = 0;
    for (let dy = -Math.floor(reachMm); dy <= reachMm; dy++) {
      for (let dx = -Math.floor(reachMm); dx <= reachMm; dx++) {
        if (Math.hypot(dx, dy) > reachMm) continue;
        points++;
        const p = applyHomography(view.sunkTopToImage, hole.xMm + dx, hole.yMm + dy);
        const covered = leaning.some((g) => inverses.some((inv) => {
          const b = applyHomography(inv, p.x, p.y);
          return Math.hypot(b.x - g.xMm, b.y - g.yMm) < g.radiusMm + o.openingCoverMarginMm;
        }));
        if (covered) continue;
        const c = colourAt(view.frame, view.sunkTopToImage, view.lens, hole.xMm + dx, hole.yMm + dy);
        if (!c) continue;
        seen.push(c);
        const rhoRadii = Math.hypot(dx, dy) / f.radiusMm;
        const ring = FLOOR_RINGS.findIndex(([from, to]) => rhoRadii >= from && rhoRadii < to);
        if (ring >= 0) greys[ring]!.push(0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]);
      }
    }
    if (seen.length < o.openingMinVisibleShare * points) return;
    const colour = medianRgb(seen);
    if (!colour) return;
    const luma = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2];
    if (luma >= o.holeFloorMaxLuma) return;
    const reference = [...found.filter((g) => g !== f).map((g) => g.rgb), ...teamColours];
    const nearest = Math.min(...reference.map((r) => Math.hypot(r[0] - colour[0], r[1] - colour[1], r[2] - colour[2])));
    // Dark like a disc found, it is still the floor when lit unevenly from ring to ring (see shadedFloor).
    const rings = greys.map((g) => (g.length >= MIN_RING_SAMPLES ? median(g) : NaN));
    if ((reference.length > 0 && nearest > o.holeFloorMinColourDistance) || ringSpread(rings) > o.holeFloorMinRingSpread) out.push(i);
  });
  return out;
}

/** A ring of the opening with fewer samples in view says nothing of its light. */
const MIN_RING_SAMPLES = 8;
