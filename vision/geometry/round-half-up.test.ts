import { describe, expect, it } from 'vitest';
import { roundHalfUp } from './round-half-up.ts';

describe('roundHalfUp', () => {
  it('rounds as Math.round does, halves and their nearest neighbours included', () => {
    const xs = [0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, 1.4999999999999998, 2.5000000000000004, -2.5000000000000004, 4503599627370495.5, 1e300, -1e-300, Infinity, -Infinity];
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      xs.push((seed / 2147483648 - 0.5) * 200, Math.round((seed / 2147483648) * 400 - 200) / 2);
    }
    for (const x of xs) expect(roundHalfUp(x) + 0).toBe(Math.round(x) + 0);
    expect(roundHalfUp(NaN)).toBeNaN();
  });
});
