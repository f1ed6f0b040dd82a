import type { Frame } from '../vision/image/frame.ts';

/**
 * How many pixels of an annotated image, in the square `radiusPx` round (x, y), are the magenta
 * a manual calibration's points are ringed in (cli/annotate-draw.ts CLICK_COLOUR).
 */
export function magentaNear(frame: Frame, xPx: number, yPx: number, radiusPx: number): number {
  let n = 0;
  for (let v = Math.max(0, Math.round(yPx - radiusPx)); v <= Math.min(frame.heightPx - 1, yPx + radiusPx); v++) {
    for (let u = Math.max(0, Math.round(xPx - radiusPx)); u <= Math.min(frame.widthPx - 1, xPx + radiusPx); u++) {
      const k = 4 * (v * frame.widthPx + u);
      if (frame.data[k]! > 200 && frame.data[k + 1]! < 80 && frame.data[k + 2]! > 200) n++;
    }
  }
  return n;
}
