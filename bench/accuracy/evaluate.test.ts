import { describe, expect, it } from 'vitest';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { evaluateScene, summarise, type MeasuredDisc, type TruthDisc } from './evaluate.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const rules = GAMES.crokinole!;

// Discs placed near lines (so a shift changes calls) and well inside areas.
const truth: TruthDisc[] = [
  { id: 'a1', team: 'A', state: 'in-play', xMm: 0, yMm: 101.6 - 1 - 15.875 - 0.8, radiusMm: 15.875, topVisibleFraction: 1 },
  { id: 'a2', team: 'A', state: 'in-play', xMm: 150, yMm: 0, radiusMm: 15.875, topVisibleFraction: 1 },
  { id: 'b1', team: 'B', state: 'in-play', xMm: 203.2 + 1 + 15.875 + 0.8, yMm: 0, radiusMm: 15.875, topVisibleFraction: 1 },
  { id: 'b2', team: 'B', state: 'in-play', xMm: -60, yMm: -40, radiusMm: 15.875, topVisibleFraction: 1 },
  { id: 'b3', team: 'B', state: 'ditch', xMm: 350, yMm: 10, radiusMm: 15.875, topVisibleFraction: 1 },
];

function measure(shiftMm: number, uncertaintyMm: number): MeasuredDisc[] {
  return truth.map((t) => ({ xMm: t.xMm + shiftMm, yMm: t.yMm + shiftMm, radiusMm: t.radiusMm, uncertaintyMm, team: t.team === 'A' ? 'X' : 'Y' }));
}

describe('the accuracy benchmark', () => {
  it('a perfect detector scores perfectly', () => {
    const s = summarise([evaluateScene(rules, profile, truth, measure(0, 0.2))]);
    expect(s).toMatchObject({ boardFoundPct: 100, recallPct: 100, precisionPct: 100, wrongCalls: 0, tooClose: 0, exactScorePct: 100, teamPct: 100 });
    expect(s.centreMaxMm).toBeLessThan(1e-9);
  });

  it('a detector shifted by 1.5 mm scores worse: centre error, wrong calls, scores', () => {
    const good = summarise([evaluateScene(rules, profile, truth, measure(0, 0.2))]);
    const shifted = summarise([evaluateScene(rules, profile, truth, measure(1.5, 0.2))]);
    expect(shifted.centreMedianMm).toBeGreaterThan(good.centreMedianMm + 2);
    expect(shifted.wrongCalls).toBeGreaterThan(good.wrongCalls);
    expect(shifted.exactScorePct).toBeLessThan(good.exactScorePct);
  });

  it('an honest uncertainty turns the shifted detector\'s wrong calls into too-close ones', () => {
    const honest = summarise([evaluateScene(rules, profile, truth, measure(1.5, 2.5))]);
    expect(honest.wrongCalls).toBe(0);
    expect(honest.tooClose).toBeGreaterThan(0);
  });

  it('counts misses, false detections and a board not found', () => {
    const missing = evaluateScene(rules, profile, truth, measure(0, 0.2).slice(1));
    expect(missing.matched).toBe(truth.length - 1);
    const extra = evaluateScene(rules, profile, truth, [...measure(0, 0.2), { xMm: -250, yMm: 100, radiusMm: 15.875, uncertaintyMm: 0.2, team: 'X' }]);
    expect(extra.falsePositives).toBe(1);
    const none = summarise([evaluateScene(rules, profile, truth, null)]);
    expect(none.boardFoundPct).toBe(0);
    expect(none.recallPct).toBe(0);
  });
});
