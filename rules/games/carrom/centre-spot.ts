/**
 * Where a piece goes back to the centre (seed 001, miscellaneous rules): on the centre spot; if
 * the spot is partly covered, covering as much red as possible; if it is totally covered,
 * behind the spot, on the side away from the player who strikes next.
 */
import type { DiscState } from '../../core/board-state.ts';
import { feature, type BoardProfile } from '../../profiles/schema.ts';
import { carromKindOf, carromRadiusMm, seatDirection, type Seat } from './pieces.ts';

const ANGLE_STEP_DEG = 1;

/** Smallest distance >= fromMm along the ray at `angle` from (cx, cy) where the piece overlaps nothing. */
function firstFreeAlongRay(cx: number, cy: number, angle: number, fromMm: number, radiusMm: number, others: readonly DiscState[], profile: BoardProfile): number {
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  // Each other piece blocks an open interval of distances along the ray.
  const blocked: [number, number][] = [];
  for (const o of others) {
    const px = o.xMm - cx;
    const py = o.yMm - cy;
    const reach = radiusMm + carromRadiusMm(o, profile);
    const t = px * ux + py * uy;
    const disc = reach * reach - (px * px + py * py) + t * t;
    if (disc > 0) blocked.push([t - Math.sqrt(disc), t + Math.sqrt(disc)]);
  }
  blocked.sort((a, b) => a[0] - b[0]);
  let d = fromMm;
  // Pushing d past one interval may land it in another: repeat until it rests in a gap.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [lo, hi] of blocked) {
      if (lo < d - 1e-9 && hi > d + 1e-9) {
        d = hi;
        changed = true;
      }
    }
  }
  return d;
}

/**
 * A free position for a piece of `radiusMm` returned to the centre, given the pieces already on
 * the board (the striker is ignored: the player has picked it up).
 */
export function centreSpotPosition(
  discs: readonly DiscState[],
  radiusMm: number,
  nextSeat: Seat,
  profile: BoardProfile,
): { xMm: number; yMm: number } {
  const spot = feature(profile, 'centre-spot', 'disk');
  const cx = spot?.xMm ?? 0;
  const cy = spot?.yMm ?? 0;
  const spotRadiusMm = spot?.radiusMm ?? radiusMm;
  const others = discs.filter((d) => carromKindOf(d, profile) !== 'striker');
  const toward = seatDirection(nextSeat);
  const away = Math.atan2(-toward.y, -toward.x);
  // Covering as much red as possible: the free position nearest the spot's centre, the far side first on ties.
  let best: { d: number; angle: number } | null = null;
  for (let k = 0; k < 360 / ANGLE_STEP_DEG; k++) {
    // 0, +1, -1, +2, -2, ... degrees from the direction away from the next player.
    const angle = away + (Math.ceil(k / 2) * (k % 2 === 1 ? 1 : -1) * ANGLE_STEP_DEG * Math.PI) / 180;
    const d = firstFreeAlongRay(cx, cy, angle, 0, radiusMm, others, profile);
    if (!best || d < best.d - 1e-9) best = { d, angle };
  }
  // Red totally covered (no free place touches it): straight behind the spot, away from the next player.
  const chosen = best && best.d < spotRadiusMm + radiusMm ? best : { d: firstFreeAlongRay(cx, cy, away, 0, radiusMm, others, profile), angle: away };
  return { xMm: cx + chosen.d * Math.cos(chosen.angle), yMm: cy + chosen.d * Math.sin(chosen.angle) };
}

/** Put pieces back one after another (the queen first, so it takes the spot when it is free). */
export function returnToCentre(
  discs: readonly DiscState[],
  pieces: readonly DiscState[],
  nextSeat: Seat,
  profile: BoardProfile,
): DiscState[] {
  const out = [...discs];
  const ordered = [...pieces].sort((a, b) => Number(carromKindOf(b, profile) === 'queen') - Number(carromKindOf(a, profile) === 'queen'));
  for (const p of ordered) {
    const pos = centreSpotPosition(out, carromRadiusMm(p, profile), nextSeat, profile);
    const { onTopOfId: _dropped, ...rest } = p;
    void _dropped;
    out.push({ ...rest, xMm: pos.xMm, yMm: pos.yMm });
  }
  return out;
}
