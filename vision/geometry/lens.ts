/**
 * Radial lens distortion about the image centre, in our own normalisation: radius divided by
 * the half-diagonal of the image, so k1 reads the same at any resolution. Negative k1 is barrel.
 */
export interface LensModel {
  centreXPx: number;
  centreYPx: number;
  /** Half the image diagonal in pixels. */
  scalePx: number;
  k1: number;
  k2: number;
}

export function noLens(widthPx: number, heightPx: number): LensModel {
  return { centreXPx: widthPx / 2, centreYPx: heightPx / 2, scalePx: Math.hypot(widthPx, heightPx) / 2, k1: 0, k2: 0 };
}

/** Ideal (undistorted) pixel to the pixel the lens actually shows. */
export function distortPx(lens: LensModel, x: number, y: number): { x: number; y: number } {
  const dx = (x - lens.centreXPx) / lens.scalePx;
  const dy = (y - lens.centreYPx) / lens.scalePx;
  const r2 = dx * dx + dy * dy;
  const f = 1 + lens.k1 * r2 + lens.k2 * r2 * r2;
  return { x: lens.centreXPx + dx * f * lens.scalePx, y: lens.centreYPx + dy * f * lens.scalePx };
}

/** Seen pixel back to the ideal pixel (fixed-point iteration; converges for webcam-sized k). */
export function undistortPx(lens: LensModel, x: number, y: number): { x: number; y: number } {
  if (lens.k1 === 0 && lens.k2 === 0) return { x, y };
  const tx = (x - lens.centreXPx) / lens.scalePx;
  const ty = (y - lens.centreYPx) / lens.scalePx;
  let ux = tx;
  let uy = ty;
  for (let i = 0; i < 20; i++) {
    const r2 = ux * ux + uy * uy;
    const f = 1 + lens.k1 * r2 + lens.k2 * r2 * r2;
    ux = tx / f;
    uy = ty / f;
  }
  return { x: lens.centreXPx + ux * lens.scalePx, y: lens.centreYPx + uy * lens.scalePx };
}
