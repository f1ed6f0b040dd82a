/** Shuffleboard-on-a-mat settings (seed 000 "Shuffleboard", RULES.md §4). */
export interface ShuffleboardMatOptions {
  /** Stones each team plays in a round (3: six pushes per round). */
  stonesPerTeam: number;
  /** 'strict': a stone scores its field only lying wholly within it; 'casual': the field holding its centre. */
  scoring: 'strict' | 'casual';
  /** Points a team loses at once when the stone it played leaves the mat. */
  offMatPenalty: number;
  /**
   * Whether a stone knocked off the mat by a later shot also costs its own team the penalty.
   * The sheet charges only the played stone and never penalises knocking, so off by default.
   */
  knockedOffCostsOwner: boolean;
  /** A stone released past the release line: the shot is taken back and the stone is out ('void'), or the line is not refereed ('ignore'). */
  lateRelease: 'void' | 'ignore';
  /** Rounds in a match. */
  rounds: number;
  /** A team reaching this total ends the match early when it leads (0: no early end). */
  target: number;
  /** Rounds added the first time the match is level when it should end; then one at a time until someone leads. */
  tieExtraRounds: number;
  /** Who starts the next round: the team that played second in this round (alternating), or the team that scored less in it. */
  nextStarter: 'second-in-round' | 'round-loser';
}

export const SHUFFLEBOARD_MAT_DEFAULTS: ShuffleboardMatOptions = {
  stonesPerTeam: 3,
  scoring: 'strict',
  offMatPenalty: 10,
  knockedOffCostsOwner: false,
  lateRelease: 'void',
  rounds: 10,
  target: 75,
  tieExtraRounds: 2,
  nextStarter: 'second-in-round',
};

export const SHUFFLEBOARD_MAT_VARIANTS: Record<string, Partial<ShuffleboardMatOptions>> = {
  /** Seed 000 "Casual Variant": stones on lines or over the edge count for the field holding their centre. */
  casual: { scoring: 'casual' },
  /** Reading "the team that was second in the round" as the team that scored less. */
  'loser-starts': { nextStarter: 'round-loser' },
};
