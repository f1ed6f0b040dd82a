/** Curling on a mat settings (seed 000, "Curling"). Every default is what a club gets unless it says otherwise. */
export interface CurlingMatOptions {
  /** Stones each team plays in an end (seed: 3, so 6 pushes an end). */
  stonesPerTeam: number;
  /** Ends in a match (seed: 8). */
  ends: number;
  /** Extra ends allowed after a tie; null: keep playing until someone leads (seed). */
  maxExtraEnds: number | null;
  /** A played stone must cross the hog line with its whole circumference, else it is removed. */
  hogLineRule: boolean;
  /** A played stone that a collision with another stone stopped short of the hog line stays. */
  hogLineCollisionException: boolean;
  /**
   * The sheet says the stone must be released before the release line but names no penalty;
   * removing the stone as a foul is the default (off: a note only).
   */
  lateReleaseRemoved: boolean;
  /**
   * When a stone at rest counts as having touched the table off the mat: its centre is beyond
   * the mat edge (it must be tipped onto the table), or any part of it overhangs the edge.
   */
  offMatWhen: 'centre-off' | 'overhanging';
}

export const CURLING_MAT_DEFAULTS: CurlingMatOptions = {
  stonesPerTeam: 3,
  ends: 8,
  maxExtraEnds: null,
  hogLineRule: true,
  hogLineCollisionException: true,
  lateReleaseRemoved: true,
  offMatWhen: 'centre-off',
};

export const CURLING_MAT_VARIANTS: Record<string, Partial<CurlingMatOptions>> = {
  /** A shorter game for a quick round. */
  'four-ends': { ends: 4 },
  /** Any overhang beyond the mat edge counts as off the mat. */
  'strict-mat-edge': { offMatWhen: 'overhanging' },
  /** Children and beginners: no hog-line removals. */
  casual: { hogLineRule: false, lateReleaseRemoved: false },
};
