/**
 * Where the striker may be placed to strike (seed 001, "Shooting"): touching both base lines of
 * the player's side, either covering the end circle completely or not touching it at all, and
 * not touching a diagonal arrow line. Each check carries its clearance; a check the uncertainty
 * cannot settle is a doubt, never a fault.
 */
import type { DiscState } from '../../core/board-state.ts';
import { callFromClearance, GEOMETRY_EPSILON_MM } from '../../geometry/call.ts';
import { clearanceToLineMm, clearanceToRingMm, distanceMm } from '../../geometry/measure.ts';
import { feature, featuresOfKind, type BoardProfile } from '../../profiles/schema.ts';
import { carromRadiusMm, type Seat } from './pieces.ts';

export interface PlacementCheck {
  /** What was checked ("touches baseline-s-outer", "base-circle-s-w covered or clear", "clear of arrow-se"). */
  rule: string;
  clearanceMm: number;
  verdict: 'legal' | 'fault' | 'doubt';
}

export interface PlacementResult {
  checks: PlacementCheck[];
  faults: PlacementCheck[];
  doubts: PlacementCheck[];
}

/** The striker's placement on `seat`'s side; null when the profile has no base lines for that side. */
export function checkStrikerPlacement(striker: DiscState, seat: Seat, profile: BoardProfile): PlacementResult | null {
  const outer = feature(profile, `baseline-${seat}-outer`, 'line');
  const inner = feature(profile, `baseline-${seat}-inner`, 'line');
  if (!outer || !inner) return null;
  const u = striker.uncertaintyMm ?? 0;
  const fp = { xMm: striker.xMm, yMm: striker.yMm, radiusMm: carromRadiusMm(striker, profile) };
  const checks: PlacementCheck[] = [];
  // Must touch each base line: clear of it is the fault.
  for (const line of [outer, inner]) {
    const c = clearanceToLineMm(fp, line, line.lineWidthMm).clearanceMm;
    const call = callFromClearance(c, u);
    checks.push({ rule: `touches ${line.id}`, clearanceMm: c, verdict: call === 'touching' ? 'legal' : call === 'clear' ? 'fault' : 'doubt' });
  }
  // Each end circle: covered completely, or not touched at all ("cutting the moon" is the fault).
  for (const ring of featuresOfKind(profile, 'ring').filter((r) => r.id.startsWith(`base-circle-${seat}-`))) {
    const apart = clearanceToRingMm(fp, ring, ring.lineWidthMm);
    const outsideClearMm = apart.side === 'outside' ? apart.clearanceMm : -Math.abs(apart.clearanceMm);
    const coverMm = fp.radiusMm - (distanceMm(fp, ring) + ring.radiusMm + ring.lineWidthMm / 2);
    const apartCall = callFromClearance(outsideClearMm, u);
    const covered = coverMm - u >= -GEOMETRY_EPSILON_MM;
    const notCovered = coverMm + u < -GEOMETRY_EPSILON_MM;
    const verdict = apartCall === 'clear' || covered ? 'legal' : apartCall === 'touching' && notCovered ? 'fault' : 'doubt';
    // Report the margin to the nearer legal state.
    const clearanceMm = Math.abs(coverMm) < Math.abs(outsideClearMm) ? coverMm : outsideClearMm;
    checks.push({ rule: `${ring.id} covered or clear`, clearanceMm, verdict });
  }
  // Arrows and their arcs: any contact is the fault.
  for (const line of featuresOfKind(profile, 'line').filter((l) => l.id.startsWith('arrow-'))) {
    const c = clearanceToLineMm(fp, line, line.lineWidthMm).clearanceMm;
    const call = callFromClearance(c, u);
    checks.push({ rule: `clear of ${line.id}`, clearanceMm: c, verdict: call === 'clear' ? 'legal' : call === 'touching' ? 'fault' : 'doubt' });
  }
  for (const ring of featuresOfKind(profile, 'ring').filter((r) => r.id.startsWith('arrow-arc-'))) {
    const c = clearanceToRingMm(fp, ring, ring.lineWidthMm).clearanceMm;
    const call = callFromClearance(c, u);
    checks.push({ rule: `clear of ${ring.id}`, clearanceMm: c, verdict: call === 'clear' ? 'legal' : call === 'touching' ? 'fault' : 'doubt' });
  }
  return { checks, faults: checks.filter((c) => c.verdict === 'fault'), doubts: checks.filter((c) => c.verdict === 'doubt') };
}
