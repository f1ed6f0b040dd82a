import { describe, expect, it } from 'vitest';
import { callFromClearance } from './call.ts';

// Exercism-style table: description, input, expected. Clearance in mm, uncertainty bound in mm.
const cases: { description: string; clearanceMm: number; uncertaintyMm: number; expected: string }[] = [
  { description: 'well clear, exact measure', clearanceMm: 5, uncertaintyMm: 0, expected: 'clear' },
  { description: '0.01 mm clear, exact', clearanceMm: 0.01, uncertaintyMm: 0, expected: 'clear' },
  { description: 'tangent counts as touching', clearanceMm: 0, uncertaintyMm: 0, expected: 'touching' },
  { description: '0.01 mm overlap, exact', clearanceMm: -0.01, uncertaintyMm: 0, expected: 'touching' },
  { description: 'clear by more than the uncertainty', clearanceMm: 0.51, uncertaintyMm: 0.5, expected: 'clear' },
  { description: 'clear by exactly the uncertainty: lower bound tangent', clearanceMm: 0.5, uncertaintyMm: 0.5, expected: 'too-close' },
  { description: 'clear by less than the uncertainty', clearanceMm: 0.49, uncertaintyMm: 0.5, expected: 'too-close' },
  { description: 'tangent with uncertainty', clearanceMm: 0, uncertaintyMm: 0.3, expected: 'too-close' },
  { description: 'overlap smaller than the uncertainty', clearanceMm: -0.29, uncertaintyMm: 0.3, expected: 'too-close' },
  { description: 'overlap equal to the uncertainty: upper bound tangent', clearanceMm: -0.3, uncertaintyMm: 0.3, expected: 'touching' },
  { description: 'overlap beyond the uncertainty', clearanceMm: -0.31, uncertaintyMm: 0.3, expected: 'touching' },
  { description: 'negative uncertainty is treated as zero', clearanceMm: 0.01, uncertaintyMm: -1, expected: 'clear' },
];

describe('callFromClearance', () => {
  it.each(cases)('$description ($clearanceMm ± $uncertaintyMm mm) -> $expected', ({ clearanceMm, uncertaintyMm, expected }) => {
    expect(callFromClearance(clearanceMm, uncertaintyMm)).toBe(expected);
  });
});
