/**
 * The call vocabulary: what a referee says about a disc and a line.
 *
 * A clearance is signed: positive means the disc's outline is clear of the line (by that many
 * millimetres), zero means tangent, negative means it overlaps. A tangent disc touches: the
 * rule sheets count any contact. The uncertainty is a bound in millimetres on the measured
 * clearance (the vision reports a ~3-sigma figure); when [clearance - u, clearance + u]
 * contains both a clear and a touching value the call is "too-close" and waits for a person.
 */
export type Call = 'clear' | 'touching' | 'too-close';

/** Clearances closer than this to a boundary are treated as on it (floating-point noise). */
export const GEOMETRY_EPSILON_MM = 1e-9;

export function callFromClearance(clearanceMm: number, uncertaintyMm = 0): Call {
  const u = Math.max(0, uncertaintyMm);
  if (clearanceMm - u > GEOMETRY_EPSILON_MM) return 'clear';
  if (clearanceMm + u <= GEOMETRY_EPSILON_MM) return 'touching';
  return 'too-close';
}

/**
 * Containment of a disc in a region: wholly inside, touching the boundary, or wholly outside,
 * from the two clearances (to the inner and to the outer edge of the boundary band).
 */
export type Containment = 'inside' | 'touching' | 'outside';

export interface ContainmentResult {
  containment: Containment;
  /** Clearance to the boundary on the side the disc lies on; negative while touching it. */
  clearanceMm: number;
  /** The call about the boundary: clear of it, touching it, or too close to tell. */
  call: Call;
  uncertaintyMm: number;
}
