import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { formatKinds, tallyKinds } from './piece-kinds.ts';

const carrom = BOARD_PROFILES['carrom-standard-74cm']!;

describe('piece kind tally', () => {
  it('counts kinds named right among matched pieces, in the best of the board symmetric orientations', () => {
    const truth = [
      { kind: 'man' as const, state: 'in-play', xMm: 100, yMm: 0 },
      { kind: 'queen' as const, state: 'in-play', xMm: 0, yMm: 50 },
      { kind: 'striker' as const, state: 'in-play', xMm: -120, yMm: -200 },
      { kind: 'man' as const, state: 'pocket', xMm: 347, yMm: 347 },
    ];
    // Measured turned by a quarter turn (the board looks the same), queen taken for a man.
    const measured = [
      { kind: 'man' as const, xMm: 0, yMm: 100 },
      { kind: 'man' as const, xMm: -50, yMm: 0 },
      { kind: 'striker' as const, xMm: 200, yMm: -120 },
    ];
    const t = tallyKinds(carrom, truth, measured);
    expect(t).toEqual({ man: { matched: 1, named: 1 }, queen: { matched: 1, named: 0 }, striker: { matched: 1, named: 1 } });
    expect(formatKinds(t)).toBe('man 1/1, queen 0/1, striker 1/1');
  });
});
