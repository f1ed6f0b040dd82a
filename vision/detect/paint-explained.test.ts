import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { distanceToPaintMm, paintEdges, paintedShare } from './paint-explained.ts';

const carrom = BOARD_PROFILES['carrom-standard-74cm']!;

describe('outline explained by the board paint', () => {
  const e = paintEdges(carrom);

  it('measures distances to painted edges (both edges of a line)', () => {
    // The south outer base line is 6 mm wide at y = -265.5: its edges at -262.5 and -268.5.
    expect(distanceToPaintMm(e, 0, -262.5)).toBeLessThan(1e-9);
    expect(distanceToPaintMm(e, 0, -265.5)).toBeCloseTo(3, 6);
  });

  it('a circle fitted between the two base lines lies on paint where it touches them; one in open board nowhere', () => {
    // Base lines: outer edge at y = -262.5 (inner side of the 6 mm line), inner line at -229.95 +- 0.75.
    const between = paintedShare(e, 0, -246.2, 16, 1.5);
    const open = paintedShare(e, 120, -40, 16, 1.5);
    expect(between).toBeGreaterThan(0.2);
    expect(open).toBe(0);
  });
});
