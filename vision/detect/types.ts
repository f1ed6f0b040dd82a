import type { PieceKind } from '../../rules/core/board-state.ts';

export interface DetectedDisc {
  /** Footprint centre on the board (the top face seen, moved down to the board by the camera pose). */
  xMm: number;
  yMm: number;
  radiusMm: number;
  /** Bound (about 3 sigma) on the centre's error, from the rim fit's residuals and the pose. */
  uncertaintyMm: number;
  /** Mean colour of the top face. */
  color: string;
  rgb: [number, number, number];
  kind: PieceKind;
  /** 'in-hole': lying in a hole (a crokinole 20); its position is the hole's centre. */
  state: 'on-board' | 'in-hole';
  /** Team label from colour clustering ('A', 'B', ...), or null when it could not be told. */
  team: string | null;
  /** 0..1: how cleanly a disc rim was found. */
  confidence: number;
  /** Where the top face's centre is seen (distorted pixels). */
  topCentreXPx: number;
  topCentreYPx: number;
  /** RMS distance of the rim points from the fitted circle, in millimetres. */
  rimRmsMm: number;
  /** Share of the rim that found its edge. */
  rimCoverage: number;
  /** A fit that may lie this far off the disc it found part of, or on none (a face of several colours, see mixed-face.ts): its call trusts no less. */
  reachMm?: number;
  /** Lying in a hole, and seen wholly within it in a colour of its own (see wholly-in-hole.ts). */
  whollyInHole?: boolean;
  /** Over a pit, where it may lie on a disc the camera cannot see (see pit-stacks.ts). */
  mayRestOnHidden?: boolean;
  /** On the board, perhaps lying on other discs: its footprint then, on one disc, two, ... (see stack-height.ts). */
  ifOnDiscsMm?: { xMm: number; yMm: number }[];
}

export interface DetectionResult {
  discs: DetectedDisc[];
  /** Candidates dropped, with why (for diagnostics and the annotated image). */
  rejected: { xMm: number; yMm: number; reason: string }[];
  /** Team colours found (hex), by team label. */
  teamColors: Record<string, string>;
  /** A hand or arm over the board: no call should be made from this frame. */
  handOverBoard: boolean;
}
