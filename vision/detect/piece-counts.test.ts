import { beforeAll, describe, expect, it } from 'vitest';
import { corpusScene } from '../../bench/accuracy/scene-runs.ts';
import { evaluateScene } from '../../bench/accuracy/evaluate.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import type { DetectOptions } from './defaults.ts';
import { detectDiscs } from './detect.ts';
import { beyondPieceCounts } from './piece-counts.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

const carrom = BOARD_PROFILES['carrom-standard-74cm']!;
const man = (team: string | null, rimCoverage: number) => ({ kind: 'man' as const, team, rimCoverage });

describe('no more pieces of a kind than the game has', () => {
  it('drops the weakest beyond a team\'s count, and a teamless kind\'s beyond its count in all', () => {
    const discs = [...Array.from({ length: 9 }, () => man('B', 0.95)), man('B', 0.5), man('A', 0.9), { kind: 'striker' as const, team: null, rimCoverage: 0.9 }, { kind: 'striker' as const, team: null, rimCoverage: 0.6 }];
    expect(beyondPieceCounts(discs, carrom, 2)).toEqual([9, 12]);
  });

  it('holds every piece at its count, and says nothing of teams learnt as one, nor where neutral pieces take teams\' labels', () => {
    expect(beyondPieceCounts(Array.from({ length: 9 }, () => man('A', 0.5)), carrom, 2)).toEqual([]);
    expect(beyondPieceCounts(Array.from({ length: 14 }, () => man('A', 0.9)), carrom, 2)).toEqual([]);
    const pitrush = BOARD_PROFILES['pitrush-standard']!;
    const disc = (team: string) => ({ kind: 'disc' as const, team, rimCoverage: 0.9 });
    expect(beyondPieceCounts([...Array.from({ length: 14 }, () => disc('A')), disc('B')], pitrush, 2)).toEqual([]);
  });

  /**
   * Carrom scene 69 of the benchmark's corpus: a light board with a strong grain, out of focus.
   * Circles drawn by the grain's streaks were found half round and taken for four white men
   * (nine are on the board) and six strikers (none is): ten pieces where there is none.
   */
  it('leaves one of the ten fits on carrom scene 69\'s grain (all ten without the counts)', () => {
    const run = (options: Partial<DetectOptions>) => {
      const { profile, frame, gray, truth } = corpusScene('carrom-standard-74cm', 69);
      const calibration = calibrate(cv, gray, profile);
      if (!calibration.found) throw new Error(`board not found: ${calibration.reason}`);
      return evaluateScene(GAMES[profile.game]!, profile, truth, detectDiscs(cv, { frame, gray, calibration, profile }, options).discs);
    };
    const capped = run({});
    expect(capped.matched).toBe(capped.expected);
    expect(capped.falsePositives).toBeLessThanOrEqual(1);
    expect(capped.wrongCalls).toBe(0);
    expect(run({ capPieceCounts: false }).falsePositives).toBe(10);
  }, 180_000);
});
