/**
 * The board as the fixed camera sees it, at the tracker's low resolution: board millimetres
 * to image pixels and back (on the board plane or a disc's top-face plane), which low-res
 * pixels are over the board, and the pixels of a disc's inner circle.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { featuresOfKind, pieceRadiusMm } from '../../rules/profiles/schema.ts';
import { planeAtHeight } from '../calibrate/plane-at-height.ts';
import type { Calibration } from '../calibrate/types.ts';
import { applyHomography, invert3 } from '../geometry/homography.ts';
import { distortPx, undistortPx } from '../geometry/lens.ts';
import type { LowResSize } from './luma.ts';

export interface PointMm {
  xMm: number;
  yMm: number;
}

export class BoardView {
  readonly discRadiusMm: number;
  readonly discHeightMm: number;
  /** Low-res pixels over the board's outline (1) or not (0). */
  readonly boardMask: Uint8Array;
  readonly boardPixels: number;
  /**
   * Low-res pixels where a moving disc is followed: the board's, and beside a mat (a board
   * lying on a table) also the table around it, where a disc that slid off the mat may still
   * be moving.
   */
  readonly watchMask: Uint8Array;
  /** A disc's area in low-res pixels (near the board's centre). */
  readonly discAreaPx: number;
  /** Low-res pixels per board millimetre near the centre. */
  readonly lowPxPerMm: number;
  /**
   * What lies beyond the playing surface's edge: a ditch or gutter inside the board's outline,
   * or, for a mat whose surface is the whole outline, the table (a disc there is off the board).
   */
  readonly beyondSurface: 'ditch' | 'off-board';
  private readonly topToImage: number[];
  private readonly imageToTop: number[];
  private readonly imageToBoard: number[];

  constructor(
    readonly calibration: Calibration,
    readonly profile: BoardProfile,
    readonly size: LowResSize,
    /** How far around a mat the table is watched (mm). */
    offBoardWatchMm = 0,
  ) {
    this.discRadiusMm = pieceRadiusMm(profile);
    this.beyondSurface = sameShape(profile.surface, profile.outline) ? 'off-board' : 'ditch';
    this.discHeightMm = profile.pieces[0]?.heightMm ?? 0;
    this.topToImage = planeAtHeight(calibration, this.discHeightMm);
    this.imageToTop = invert3(this.topToImage) ?? calibration.imageToBoard;
    this.imageToBoard = calibration.imageToBoard;
    const { widthPx: w, heightPx: h } = size;
    this.boardMask = new Uint8Array(w * h);
    this.watchMask = new Uint8Array(w * h);
    let n = 0;
    const margin = 2 * this.discRadiusMm;
    const watchMarginMm = this.beyondSurface === 'off-board' ? Math.max(margin, offBoardWatchMm) : margin;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const p = this.lowToBoard(x, y, 0);
        if (this.insideOutline(p.xMm, p.yMm, margin)) {
          this.boardMask[y * w + x] = 1;
          n++;
        }
        if (this.insideOutline(p.xMm, p.yMm, watchMarginMm)) this.watchMask[y * w + x] = 1;
      }
    }
    this.boardPixels = n;
    const c = this.boardToLow(0, 0, this.discHeightMm);
    const e = this.boardToLow(this.discRadiusMm * 4, 0, this.discHeightMm);
    this.lowPxPerMm = Math.hypot(e.x - c.x, e.y - c.y) / (this.discRadiusMm * 4);
    this.discAreaPx = Math.PI * (this.discRadiusMm * this.lowPxPerMm) ** 2;
  }

  /** Inside the board's outline, grown by marginMm. */
  insideOutline(xMm: number, yMm: number, marginMm = 0): boolean {
    const o = this.profile.outline;
    return o.shape === 'circle'
      ? Math.hypot(xMm - o.xMm, yMm - o.yMm) <= o.radiusMm + marginMm
      : xMm >= o.minXMm - marginMm && xMm <= o.maxXMm + marginMm && yMm >= o.minYMm - marginMm && yMm <= o.maxYMm + marginMm;
  }

  /** Signed distance from the playing surface's edge, positive inside. */
  surfaceInsetMm(xMm: number, yMm: number): number {
    const s = this.profile.surface;
    return s.shape === 'circle' ? s.radiusMm - Math.hypot(xMm - s.xMm, yMm - s.yMm) : Math.min(xMm - s.minXMm, s.maxXMm - xMm, yMm - s.minYMm, s.maxYMm - yMm);
  }

  /** The hole whose centre is within reachMm, if any. */
  holeNear(xMm: number, yMm: number, reachMm: number): string | null {
    for (const h of featuresOfKind(this.profile, 'hole')) if (Math.hypot(xMm - h.xMm, yMm - h.yMm) <= reachMm) return h.id;
    return null;
  }

  /** Seen (distorted) full-resolution pixel of a board point at a height (0 or the top face). */
  toImage(xMm: number, yMm: number, heightMm: number): { x: number; y: number } {
    const H = heightMm === 0 ? this.calibration.boardToImage : heightMm === this.discHeightMm ? this.topToImage : planeAtHeight(this.calibration, heightMm);
    const p = applyHomography(H, xMm, yMm);
    return distortPx(this.calibration.lens, p.x, p.y);
  }

  /** Board point seen at a full-resolution pixel, on the plane at a height (0 or the top face). */
  toBoard(xPx: number, yPx: number, heightMm: number): PointMm {
    const u = undistortPx(this.calibration.lens, xPx, yPx);
    const H = heightMm === 0 ? this.imageToBoard : heightMm === this.discHeightMm ? this.imageToTop : (invert3(planeAtHeight(this.calibration, heightMm)) ?? this.imageToBoard);
    const p = applyHomography(H, u.x, u.y);
    return { xMm: p.x, yMm: p.y };
  }

  /** Low-res pixel (integer = pixel centre) to the board. */
  lowToBoard(x: number, y: number, heightMm: number): PointMm {
    const f = this.size.factor;
    return this.toBoard((x + 0.5) * f - 0.5, (y + 0.5) * f - 0.5, heightMm);
  }

  boardToLow(xMm: number, yMm: number, heightMm: number): { x: number; y: number } {
    const p = this.toImage(xMm, yMm, heightMm);
    const f = this.size.factor;
    return { x: (p.x + 0.5) / f - 0.5, y: (p.y + 0.5) / f - 0.5 };
  }

  /** Low-res pixel indices inside a disc's top face, shrunk to `fraction` of its radius. */
  circlePixels(xMm: number, yMm: number, radiusMm: number, fraction: number): Int32Array {
    const c = this.boardToLow(xMm, yMm, this.discHeightMm);
    const e = this.boardToLow(xMm + radiusMm, yMm, this.discHeightMm);
    const e2 = this.boardToLow(xMm, yMm + radiusMm, this.discHeightMm);
    const rPx = Math.max(1, Math.min(Math.hypot(e.x - c.x, e.y - c.y), Math.hypot(e2.x - c.x, e2.y - c.y)) * fraction);
    const { widthPx: w, heightPx: h } = this.size;
    const out: number[] = [];
    for (let y = Math.max(0, Math.floor(c.y - rPx)); y <= Math.min(h - 1, Math.ceil(c.y + rPx)); y++) {
      for (let x = Math.max(0, Math.floor(c.x - rPx)); x <= Math.min(w - 1, Math.ceil(c.x + rPx)); x++) {
        if ((x - c.x) ** 2 + (y - c.y) ** 2 <= rPx * rPx) out.push(y * w + x);
      }
    }
    if (out.length === 0) {
      const x = Math.round(c.x);
      const y = Math.round(c.y);
      if (x >= 0 && y >= 0 && x < w && y < h) out.push(y * w + x);
    }
    return Int32Array.from(out);
  }

  /** Board-mm box of a low-res pixel box (its corners mapped on the board plane). */
  lowBoxToBoard(minX: number, minY: number, maxX: number, maxY: number): { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number } {
    const pts = [
      this.lowToBoard(minX - 0.5, minY - 0.5, 0),
      this.lowToBoard(maxX + 0.5, minY - 0.5, 0),
      this.lowToBoard(minX - 0.5, maxY + 0.5, 0),
      this.lowToBoard(maxX + 0.5, maxY + 0.5, 0),
    ];
    return {
      minXMm: Math.min(...pts.map((p) => p.xMm)),
      minYMm: Math.min(...pts.map((p) => p.yMm)),
      maxXMm: Math.max(...pts.map((p) => p.xMm)),
      maxYMm: Math.max(...pts.map((p) => p.yMm)),
    };
  }
}

function sameShape(a: BoardProfile['surface'], b: BoardProfile['outline']): boolean {
  if (a.shape === 'circle' && b.shape === 'circle') return a.xMm === b.xMm && a.yMm === b.yMm && a.radiusMm === b.radiusMm;
  if (a.shape === 'rect' && b.shape === 'rect') return a.minXMm === b.minXMm && a.minYMm === b.minYMm && a.maxXMm === b.maxXMm && a.maxYMm === b.maxYMm;
  return false;
}
