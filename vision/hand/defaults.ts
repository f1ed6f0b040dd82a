/** Tunables of the hand-over-the-board check on a single image, in one place. */
export const HAND_DEFAULTS = {
  /**
   * Loops round the board's outline, in mm outwards from it (negative: inside, on the rail or
   * the board's edge). An arm reaching over the board crosses every one; a disc lying off
   * the board covers a few of them at most. Skin is often the colour of a wooden rail and table
   * lit more brightly, which light explains (see unlitDistance); 25 mm in, a loop runs over a
   * crokinole board's ditch and a mat's own surface, against which it is not. On the 40
   * benchmark scenes of each board, 45 of the 50 arms over a board were found with it, against 42
   * without it (false alarms: 1 in 364 scenes either way, once blocks are left out of the loops).
   * Deeper, at 35 mm, it found 48 but ran off the rail onto the corners of PitRush's hexagonal
   * surface (and a curling mat's edge): 7 false alarms more.
   */
  loopOffsetsMm: [-25, -5, 20, 50, 80],
  /**
   * A band between the outline and the playing surface at least this wide (mm, its narrowest
   * side) has a loop of its own midway across it (see loopOffsetsMm in detect-hand.ts): 50 mm in
   * on a table, in its gutter, where the loops above run over its frame. On the same scenes 47 of
   * the 50 arms were found with it (the 9 ft and 12 ft tables' two more), false alarms the same.
   */
  railBandMinWidthMm: 60,
  /** Samples a loop has all round (their spacing along the outline sets the arc lengths). */
  samplesPerLoop: 360,
  /** Half-width (samples) of the stretch of loop whose median colour is the usual one at a sample. */
  usualWindowSamples: 30,
  /** A sample is covered when it differs from its loop's usual colour by this much (RGB)... */
  minCoverDistance: 25,
  /** ... and by this many times the loop's own spread (wood grain, cloth texture)... */
  coverSpreads: 3,
  /** ... and not only as light, shade or glare would change it (see unlitDistance). */
  minUnlitDistance: 12,
  /**
   * Within this distance (mm, along a loop) of a rectangle's corner a sample must differ from
   * the next side's usual colour too: the loops turn the corner there, out of one side's
   * apron or shadow onto the floor (the outer loop's offset, and a shadow's shift along the side).
   */
  cornerZoneMm: 80,
  /** Most that light or shade scales a colour's tint by (brighter light, a sun patch). */
  maxLightScale: 1.5,
  /** A channel this bright may be clipped (glare, a white mat in bright light; noise pulls a clipped 255 down a little): only a lower bound. */
  clippedLevel: 245,
  /** An arm's crossing: covered on the loops seen there, over at least this arc (mm, along the outline)... */
  minArmWidthMm: 40,
  /** ... and this many times the largest piece's diameter (a piece lying off a mat is no arm). */
  armWidthPieceDiameters: 1.2,
  /**
   * Loops that must be in the image at a place for it to count (two of the five or six: a board
   * reaching the image's edge leaves only its inner loops in view there, where an arm coming in
   * from that edge crosses them; on 40 scenes of each board, two as against three found one
   * more arm and no hand where there was none)...
   */
  minLoopsSeen: 2,
  /**
   * ... of which at least this many covered: skin is often the colour of the table or the
   * rail, so one loop can be all that shows it; the width below keeps discs out.
   */
  minLoopsCovered: 1,
  /** Wider than this (mm) is no arm: the loop runs over something else (a lamp's light, a misplaced loop). */
  maxArmWidthMm: 300,
};

export type HandOptions = typeof HAND_DEFAULTS;
