/** Tunables of the live tracker, in one place. */
export const TRACK_DEFAULTS = {
  /** The cheap path works on luma downscaled so a disc's radius is about this many pixels. */
  lowResDiscRadiusPx: 5,
  /** Least and most downscale (at least 2: averaging 2x2 pixels halves sensor and JPEG noise). */
  minDownscale: 2,
  maxDownscale: 8,
  /** Luma difference (grey levels, at low resolution) that counts as motion between frames. */
  motionThreshold: 14,
  /** Luma difference from the reference (the board at rest) that counts as a change. */
  changeThreshold: 16,
  /** Fewer changed pixels than this share of a disc's area are noise. */
  minBlobDiscFraction: 0.12,
  /** A connected region that moved, on the board, this big (share of a disc's area): it is moving. */
  motionDiscFraction: 0.15,
  /** The board must be still (and no hand in view) this long before a call. */
  settleMs: 100,
  /**
   * Motion of at most this many disc areas after a frame that moved too, with nothing at all
   * moving on the next frame (no region the still test would call creeping), is a disc that
   * came to rest within the frame interval: the still time counts from the frame before it.
   * At 30 fps the last frame that differs from the one before comes up to a whole interval
   * after the disc stopped. (Whether that last motion was less than the frame before's does
   * not matter: a disc caught by a pit's rim can change more on its last frame than before.)
   */
  restResidualDiscAreas: 1.2,
  /**
   * Detection starts once the board has been still this long, while the settle time runs
   * out, so the call need not wait for it; dropped if anything moves again. It is brought up
   * to date where the frame changes (regions of this many low-res pixels, by this many grey
   * levels: a disc creeping a fraction of a millimetre, too slowly for the frame-to-frame
   * test) at most this often, and at the call.
   */
  earlyDetectMs: 30,
  earlyMinChangedPx: 2,
  earlyChangeThreshold: 8,
  earlyRefreshMs: 30,
  /**
   * While discs still move elsewhere, a region around a change where nothing moved (and no
   * hand was) for this long is detected ahead: a disc that stopped early does not wait for
   * the last one to be measured.
   */
  aheadQuietMs: 60,
  /**
   * Still means still since the board went still: a region differing by this many grey
   * levels from the frame the still time started on, of at least this many low-res pixels and
   * this share of a disc's area (JPEG noise gives specks of 1-2 pixels) and no bigger than
   * this many disc areas (bigger is light, not a disc), is a disc creeping on, and the still
   * time starts again.
   */
  creepThreshold: 12,
  creepMinChangedPx: 3,
  creepMinDiscFraction: 0.05,
  creepMaxDiscAreas: 2,
  /**
   * Low-res frames kept to tell when a creeping disc stopped (enough for the settle time at
   * 120 fps): the frames back to the last that differs from this one by more than this many
   * grey levels where it crept.
   */
  creepHistoryFrames: 13,
  creepStoppedThreshold: 4,
  /**
   * A changed region this many disc areas big that touches the image border, or lies partly
   * outside the board (where no disc can be), is a hand or arm.
   */
  handMinDiscAreas: 1.5,
  /**
   * Beside a mat (a board whose surface is its whole outline, lying on a table) a region must
   * lie this many disc areas off the board to be a hand: a disc sliding off the mat is less.
   */
  handOffMatDiscAreas: 3,
  /**
   * Around a mat the table is watched this far (mm): a disc that slid off it may still be
   * moving there, and the board is not at rest until it stops.
   */
  offBoardWatchMm: 300,
  /** A changed region this many disc areas big is a hand wherever it is. */
  handLargeDiscAreas: 8,
  /**
   * Changed regions wholly off the board within this many disc radii of one over it (an arm
   * parted from its hand where it crosses a dark rim) count with it: as its border and its
   * part off the board.
   */
  handLinkGapRadii: 2,
  /** ... and at least this many disc areas of it over the board. */
  handMinBoardDiscAreas: 0.5,
  /** The hand's region is grown by this much (skin and light wood can look alike). */
  handMarginMm: 40,
  /** How far past the tip of what is seen of a hand its fingers may reach. */
  fingerReachMm: 70,
  /** A hand stays "in view" this long after it was last seen (it flickers near the border). */
  handHoldMs: 150,
  /**
   * Motion no bigger than this many disc areas (a carrom striker and the place it left) centred
   * over a hole whose id starts so is a piece sinking out of play into it: it does not hold the
   * call (see BoardTracker.sinkingIntoHole). Carrom's pockets only: at crokinole's 20 hole or a
   * PitRush pit a disc may lean or hang at the edge, and where it comes to rest is the call.
   */
  sinkingMaxDiscAreas: 5,
  sinkingHolePrefix: 'pocket',
  /** More than this share of the board changed at once: lighting or camera, not play. */
  disturbedBoardFraction: 0.5,
  /**
   * Such a change is taken for the light or the camera, not an arm, when as much of the image
   * beyond the board changed too, or when nothing at all moved for this long (a hand moves).
   */
  wholeChangeStillMs: 1000,
  /** A resting disc whose inner circle has this share of pixels changing starts moving. */
  onsetFraction: 0.3,
  /** ... or has that share changed from the rest and this share moving in the frame. */
  onsetMotionFraction: 0.1,
  /** Inner circle used for that test, as a share of the disc radius. */
  innerCircleFraction: 0.85,
  /** Two discs in contact: centres within 2 radii plus this share of a radius (tracking slack)... */
  contactSlackRadii: 0.6,
  /** ... plus the distance the striker covers in this many frames (centroids lag the disc). */
  contactSlackFrames: 1.5,
  /** A moving disc's next blob is not one it would reach through a resting disc (centres nearer than this many radii). */
  passThroughRadii: 0.8,
  /** A new blob centred within this many radii of a resting disc is that disc, struck (off its place by up to a radius in its first frame). */
  struckBlobRadii: 1.5,
  /** ... and where that blob has this many disc areas beyond the disc's place, the disc that struck it is there too. */
  struckBlobStrikerDiscAreas: 1,
  /** A tracked blob is followed while it is within this many radii of where it was expected. */
  gateRadii: 2.5,
  /** Fastest a disc is expected to travel (a hard crokinole shot is 2-3 m/s). */
  maxSpeedMmPerS: 4000,
  /** A moving track unseen this many frames has stopped (or left). */
  lostFrames: 4,
  /** A disc found within this distance of where it was is the same disc, unmoved. */
  samePlaceMm: 4,
  /** A disc whose inner circle differs from the reference on this share of pixels has moved or gone. */
  vacatedFraction: 0.35,
  /**
   * A disc whose top (median low-res luma) differs from the board round it by this many grey
   * levels leaves a change where it lay when it goes; one of about the board's tone may not.
   */
  vacatedShowsContrast: 24,
  /** Detection runs in boxes around the changes, this far beyond them (board mm). */
  detectMarginMm: 25,
  /** Changes covering more than this share of the board: detect on the whole board. */
  fullDetectBoardFraction: 0.35,
  /**
   * A resting disc that nothing moved and no hand was over, with no low-res pixel within this
   * many radii of it differing from the last rest by more than `keptChangeThreshold` grey
   * levels, lies where it was measured: detection at rest does not fit it again.
   */
  keptReachRadii: 1.4,
  keptChangeThreshold: 8,
  /** Candidates where the image is as at the last rest (by the same test) are not fitted: see BoardTracker.unchangedAt. */
  skipUnchangedCandidates: true,
  /**
   * A disc first seen in play and not found at rest, whose path ends where a hand was during
   * the play, was carried off by the hand (a board cleared by hand): it did not drop into a hole there.
   */
  carriedOffByHand: true,
  /** A disc at the end of a trajectory within this distance of a hole's centre dropped in. */
  holeCaptureMm: 25,
  /**
   * On a board with stacks (PitRush), a disc that came to rest with its centre nearer one that
   * stayed than this share of their radii added lies on it: two discs on the board touch at
   * most (measured centres err by a millimetre or so, a disc on another's edge overlaps it by far more).
   */
  stackOverlapFraction: 0.75,
  /**
   * ... or within a pocket's radius plus this many disc radii of a pocket (carrom: a piece
   * goes into a pocket at speed, and its last blob is up to a frame's travel short of it).
   */
  pocketReachRadii: 2.5,
  /** Detections less sure than this are not trusted on their own (wood grain gives ~0.5)... */
  minDetectConfidence: 0.7,
  /** ... but down to this, one where a moving disc came to rest is that disc. */
  minMovedConfidence: 0.4,
  /** Frames between retries when the board is not found at start. */
  calibrateRetryFrames: 15,
};

export type TrackOptions = typeof TRACK_DEFAULTS;
