import { describe, expect, it } from 'vitest';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { handOverBoardInScene, handPixelsOverBoard } from './hand-truth.ts';

describe('a hand over the board, as the benchmark counts it', () => {
  it.each([
    // An arm reaching in from the right that stops a few centimetres short of the board.
    ['pitrush-standard', 6, false],
    ['table-shuffleboard-9ft', 6, false],
    ['curling-mat', 18, false],
    // Arms over the rail and onto the board.
    ['crokinole-nca-26in', 55, true],
    ['carrom-standard-74cm', 12, true],
  ] as const)('%s (seed %i): over the board %s', (profileId, seed, over) => {
    const profile = BOARD_PROFILES[profileId]!;
    const spec = randomScene(profile, seed);
    expect(spec.effects.hand).not.toBeNull();
    expect(handOverBoardInScene(spec, profile)).toBe(over);
    if (over) expect(handPixelsOverBoard(spec, profile)).toBeGreaterThan(1000);
  });

  it('no hand drawn is none over the board', () => {
    const profile = BOARD_PROFILES['crokinole-nca-26in']!;
    const spec = randomScene(profile, 1);
    expect(spec.effects.hand).toBeNull();
    expect(handOverBoardInScene(spec, profile)).toBe(false);
  });
});
