import { describe, expect, it } from 'vitest';
import { matchWinner, targetEndFor } from './flow.ts';
import { TABLE_SHUFFLEBOARD_DEFAULTS, TABLE_SHUFFLEBOARD_VARIANTS, type TableShuffleboardOptions } from './options.ts';
import type { MatchState } from '../../core/match-state.ts';

const variant = (name: string): TableShuffleboardOptions => ({ ...TABLE_SHUFFLEBOARD_DEFAULTS, ...TABLE_SHUFFLEBOARD_VARIANTS[name] });
const teams = ['A', 'B'];

const cases: { description: string; input: { scores: Record<string, number>; round: number; variant: string }; expected: string | null }[] = [
  { description: 'singles: 15-13 wins', input: { scores: { A: 15, B: 13 }, round: 5, variant: 'standard' }, expected: 'A' },
  { description: 'singles: 15-14 plays on (win by 2)', input: { scores: { A: 15, B: 14 }, round: 5, variant: 'standard' }, expected: null },
  { description: 'singles: 14-0 is not there yet', input: { scores: { A: 14, B: 0 }, round: 5, variant: 'standard' }, expected: null },
  { description: 'singles: 18-16 wins', input: { scores: { A: 16, B: 18 }, round: 9, variant: 'standard' }, expected: 'B' },
  { description: 'doubles: 20-0 is not there yet', input: { scores: { A: 20, B: 0 }, round: 5, variant: 'doubles' }, expected: null },
  { description: 'doubles: 21-19 wins', input: { scores: { A: 21, B: 19 }, round: 5, variant: 'doubles' }, expected: 'A' },
  { description: 'doubles: 21-20 plays on', input: { scores: { A: 21, B: 20 }, round: 5, variant: 'doubles' }, expected: null },
  { description: 'bocce: 9-8 wins (first to 9)', input: { scores: { A: 9, B: 8 }, round: 5, variant: 'bocce' }, expected: 'A' },
  { description: 'bocce: 8-0 is not there yet', input: { scores: { A: 8, B: 0 }, round: 5, variant: 'bocce' }, expected: null },
  { description: 'baseball: a lead after 8 innings does not end it', input: { scores: { A: 30, B: 0 }, round: 8, variant: 'baseball' }, expected: null },
  { description: 'baseball: a 1-point lead after 9 innings wins', input: { scores: { A: 10, B: 11 }, round: 9, variant: 'baseball' }, expected: 'B' },
  { description: 'baseball: level after 9 innings plays on', input: { scores: { A: 10, B: 10 }, round: 9, variant: 'baseball' }, expected: null },
  { description: 'horse collar: 51 after an odd round waits for the other side', input: { scores: { A: 51, B: 20 }, round: 3, variant: 'horse-collar' }, expected: null },
  { description: 'horse collar: 51-50 after equal rounds wins', input: { scores: { A: 51, B: 50 }, round: 4, variant: 'horse-collar' }, expected: 'A' },
  { description: 'horse collar: level past 51 plays another pair of rounds', input: { scores: { A: 55, B: 55 }, round: 6, variant: 'horse-collar' }, expected: null },
];

describe('table shuffleboard: when the match ends', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    expect(matchWinner(input.scores, input.round, teams, variant(input.variant))).toBe(expected);
  });
});

describe('table shuffleboard: ends alternate', () => {
  it('odd rounds to the far end, even rounds to the near end; outside a match the first end', () => {
    const o = TABLE_SHUFFLEBOARD_DEFAULTS;
    expect(targetEndFor(o)).toBe('far');
    expect(targetEndFor(o, { round: 1 } as MatchState)).toBe('far');
    expect(targetEndFor(o, { round: 2 } as MatchState)).toBe('near');
    expect(targetEndFor({ ...o, alternateEnds: false }, { round: 2 } as MatchState)).toBe('far');
  });
});
