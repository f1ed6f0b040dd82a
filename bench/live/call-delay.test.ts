/** The live benchmark's call time: frames processed in turn as they arrive, on one core. */
import { describe, expect, it } from 'vitest';
import { processingEnds, type FrameTiming } from './call-delay.ts';

const frame = (tMs: number, cheapMs: number, detectMs = 0, state: FrameTiming['state'] = 'settling'): FrameTiming => ({ tMs, state, cheapMs, detectMs });

describe('processingEnds', () => {
  it('a frame ends its own work after it arrives, or after the frame before it when that one overran', () => {
    const end = processingEnds([frame(0, 900, 0, 'calibrating'), frame(33, 900, 0, 'at-rest'), frame(67, 5), frame(100, 5, 80), frame(133, 5), frame(167, 5), frame(200, 5)]);
    // The frames up to the one the board was found on are the one-off calibration.
    expect(end.get(33)).toBe(33);
    expect(end.get(67)).toBe(72);
    // A detection ahead (80 ms) on the frame at 100 delays the two frames after it...
    expect(end.get(100)).toBe(185);
    expect(end.get(133)).toBe(190);
    expect(end.get(167)).toBe(195);
    // ... and the loop has caught up by the next one.
    expect(end.get(200)).toBe(205);
  });

  it('from the board going still: a backlog built up while things moved is not counted', () => {
    const frames = [frame(0, 0, 0, 'at-rest'), frame(33, 60, 0, 'moving'), frame(67, 60, 0, 'moving'), frame(100, 5, 40), frame(133, 5), frame(167, 5, 0, 'at-rest')];
    const whole = processingEnds(frames);
    const still = processingEnds(frames, true);
    expect(whole.get(67)).toBe(153);
    expect(whole.get(100)).toBe(198);
    expect(still.get(100)).toBe(145);
    expect(still.get(133)).toBe(150);
    expect(still.get(167)).toBe(172);
  });
});
