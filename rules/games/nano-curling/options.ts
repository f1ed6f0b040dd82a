/** Nano Curling settings (seed 003, translated in RULES.md §3). */
export interface NanoCurlingOptions {
  /** Stones each team throws in an end (seed: 4, so 8 an end). */
  stonesPerTeam: number;
  /** Ends in a match (seed: usually 8; any agreed number); null: no fixed number (first-to). */
  ends: number | null;
  /** First to this many points wins (seed variant: 10); null: play the ends. */
  target: number | null;
  /**
   * Extra ends after a tie (seed: one extra end, whose winner wins the match). If the extra end
   * is also drawn the match is drawn; null: extra ends until someone leads.
   */
  maxExtraEnds: number | null;
  /** A thrown stone must be released before the first control line, else it is removed. */
  lateReleaseRemoved: boolean;
  /**
   * The sheet has no collision exception for the second control line (a stone that does not
   * cross it is removed); on: a stone stopped short by a collision stays, as on ice.
   */
  secondLineCollisionException: boolean;
  /** A stone is out once wholly past the back line (seed: "crossed"), or once it touches it. */
  backLineOut: 'wholly-beyond' | 'touching';
  /** A stone is out once wholly past a side edge of the field (seed: "crossed"), or once it touches it. */
  sideEdgeOut: 'wholly-beyond' | 'touching';
  /** Free guard zone rule (seed: optional, "play like the professionals"). */
  freeGuardZone: boolean;
  /** Throws of each end during which the free guard zone protects guards (seed: the first two). */
  freeGuardZoneThrows: number;
  /**
   * Decide the first end's starter by a lag (seed tip): each team throws one stone, the team
   * closer to the centre line throws second. Off: the starter given at setup throws first.
   */
  lagForStarter: boolean;
}

export const NANO_CURLING_DEFAULTS: NanoCurlingOptions = {
  stonesPerTeam: 4,
  ends: 8,
  target: null,
  maxExtraEnds: 1,
  lateReleaseRemoved: true,
  secondLineCollisionException: false,
  backLineOut: 'wholly-beyond',
  sideEdgeOut: 'wholly-beyond',
  freeGuardZone: false,
  freeGuardZoneThrows: 2,
  lagForStarter: false,
};

export const NANO_CURLING_VARIANTS: Record<string, Partial<NanoCurlingOptions>> = {
  /** First team to 10 points wins, however many ends that takes. */
  'first-to-10': { ends: null, target: 10 },
  /** Agreed numbers of ends (any other number: the `ends` option). */
  'ends-4': { ends: 4 },
  'ends-6': { ends: 6 },
  'ends-10': { ends: 10 },
  /** The free guard zone rule for the first two throws of each end. */
  'free-guard-zone': { freeGuardZone: true },
  /** The first end's starter decided by a lag to the centre line. */
  lag: { lagForStarter: true },
  /** Both of the above: the sheet's "play like the professionals". */
  pro: { freeGuardZone: true, lagForStarter: true },
};
