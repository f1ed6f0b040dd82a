import { describe, expect, it } from 'vitest';
import { grayIn, toGray, type Frame } from './frame.ts';

describe('grey image', () => {
  it('of a part of the frame: as the whole frame inside it, nothing outside', () => {
    const W = 23;
    const H = 17;
    const data = new Uint8ClampedArray(W * H * 4);
    for (let i = 0; i < data.length; i++) data[i] = (i * 37 + 11) % 256;
    const frame: Frame = { data, widthPx: W, heightPx: H, timestampMs: 0 };
    const whole = toGray(frame).data;
    // Fractional corners are rounded outwards (as the RGBA part is).
    const part = grayIn(frame, { x0: 3.5, y0: -2, x1: 11.2, y1: 9 }).data;
    for (let i = 0; i < W * H; i++) {
      const x = i % W;
      const y = (i - x) / W;
      const inside = x >= 3 && x < 12 && y >= 0 && y < 9;
      expect(part[i]).toBe(inside ? whole[i] : 0);
    }
    expect(whole.some((v) => v > 0)).toBe(true);
  });
});
