import { describe, expect, it } from 'vitest';
import type { Frame } from '../image/frame.ts';
import { contrastPatch, shadeFreePatch, type Rgb } from './colour-contrast.ts';

/** A frame of the board's colour, its left half in shade, with a square of the disc's colour on the right. */
function shadedScene(board: Rgb, shade: number, disc: Rgb): Frame {
  const widthPx = 40;
  const heightPx = 20;
  const data = new Uint8ClampedArray(widthPx * heightPx * 4);
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      const c = x >= 25 && x < 35 && y >= 5 && y < 15 ? disc : x < 20 ? board.map((v) => v * shade) : board;
      data.set([c[0]!, c[1]!, c[2]!, 255], (y * widthPx + x) * 4);
    }
  }
  return { data, widthPx, heightPx, timestampMs: 0 };
}

describe('shadeFreePatch', () => {
  it('shows a disc of the board\'s tone against the board, and a shadow on the board not at all', () => {
    // A disc of about the board's tone, darker and redder (the corpus' #b98d58 on #d8b27a).
    const board: Rgb = [216, 178, 122];
    const disc: Rgb = [185, 141, 88];
    const frame = shadedScene(board, 0.7, disc);
    const at = (p: NonNullable<ReturnType<typeof shadeFreePatch>>, x: number, y: number) => p.image.data[(y - p.offsetYPx) * p.image.widthPx + (x - p.offsetXPx)]!;
    const free = shadeFreePatch(frame, 20, 10, 19, disc, board)!;
    const plain = contrastPatch(frame, 20, 10, 19, disc, board)!;
    // The shade is most of what the disc differs by in plain contrast, and draws as strong an edge there.
    expect(Math.abs(at(plain, 10, 10) - at(plain, 22, 10))).toBeGreaterThan(0.5 * Math.abs(at(plain, 30, 10) - at(plain, 22, 10)));
    // Less the board's shade, the shadow is the board, and the disc still stands out by the patch's contrast.
    expect(Math.abs(at(free, 10, 10) - at(free, 22, 10))).toBeLessThan(1);
    expect(Math.abs(at(free, 30, 10) - at(free, 22, 10) - free.contrast)).toBeLessThan(1);
    expect(free.contrast).toBeGreaterThan(10);
  });

  it('gives nothing for a board of no colour to take the shade of', () => {
    expect(shadeFreePatch(shadedScene([0, 0, 0], 1, [200, 50, 50]), 20, 10, 19, [200, 50, 50], [0, 0, 0])).toBeNull();
  });
});
