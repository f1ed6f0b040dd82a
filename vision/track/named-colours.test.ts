import { describe, expect, it } from 'vitest';
import { namedPieceColours } from './named-colours.ts';
import { TeamPalette } from './team-palette.ts';

describe('pieces named by their colour (carrom)', () => {
  it('carrom men are labelled white and black; team games have no names', () => {
    expect(namedPieceColours('carrom')?.labels).toEqual(['white', 'black']);
    expect(namedPieceColours('crokinole')).toBeNull();
  });

  it('colours given for the match go lightest first, whatever order they came in', () => {
    const r = namedPieceColours('carrom', [
      [40, 30, 25],
      [230, 220, 200],
    ]);
    expect(r?.colors).toEqual([
      [230, 220, 200],
      [40, 30, 25],
    ]);
  });

  it('the palette labels a colour with its name', () => {
    const r = namedPieceColours('carrom')!;
    const p = new TeamPalette(2, r.colors, r.labels);
    expect(p.classify([20, 20, 24], false)).toBe('black');
    expect(p.classify([240, 232, 215], false)).toBe('white');
    expect(new TeamPalette(2, r.colors).classify([20, 20, 24], false)).toBe('B');
  });
});
