import type { Calibration } from './types.ts';

/**
 * Board-to-image homography for the plane `heightMm` above the board (a disc's top face):
 * the board plane's homography plus height times the vertical vanishing point.
 */
export function planeAtHeight(cal: Pick<Calibration, 'boardToImage' | 'camera'>, heightMm: number): number[] {
  const h = [...cal.boardToImage];
  const v = cal.camera.verticalVanishing;
  h[2]! += heightMm * v[0];
  h[5]! += heightMm * v[1];
  h[8]! += heightMm * v[2];
  return h.map((x) => x / h[8]!);
}
