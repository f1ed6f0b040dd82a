import { beforeAll, describe, expect, it } from 'vitest';
import { corpusScene, corpusSceneRuns } from '../../bench/accuracy/scene-runs.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { calibrate } from '../calibrate/calibrate.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { coarseViewPxPerMm } from './coarse-view.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { detectDiscs } from './detect.ts';

let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});


describe('coarseViewPxPerMm', () => {
  const cases = [
    { description: 'sjoelbak seen at 0.3 px/mm: a view 1.5 times the image', profileId: 'sjoelbak-standard-40x200', pxPerMm: 0.3, viewPxPerMm: 0.45 },
    { description: 'sjoelbak at 0.5 px/mm: the default view upsamples exactly twice, coarse', profileId: 'sjoelbak-standard-40x200', pxPerMm: 0.5, viewPxPerMm: 0.75 },
    { description: 'sjoelbak just finer than that: none', profileId: 'sjoelbak-standard-40x200', pxPerMm: 0.51, viewPxPerMm: null },
    { description: 'a painted board (carrom) as coarse: none', profileId: 'carrom-standard-74cm', pxPerMm: 0.3, viewPxPerMm: null },
    { description: 'a painted mat as coarse: none', profileId: 'shuffleboard-mat', pxPerMm: 0.3, viewPxPerMm: null },
  ];
  for (const c of cases) {
    it(c.description, () => {
      const v = coarseViewPxPerMm(BOARD_PROFILES[c.profileId]!, c.pxPerMm, DETECT_DEFAULTS.rectifiedPxPerMm);
      if (c.viewPxPerMm === null) expect(v).toBeNull();
      else expect(v).toBeCloseTo(c.viewPxPerMm, 9);
    });
  }
});

describe('a sjoelbak board seen coarsely', () => {
  // Seed 10: 0.33 image px per mm, defocused; the default view (1 px/mm) spread every rim's
  // gradient below the edge threshold and found 2 of 16 discs. (Without the search for a
  // blurred view's circles, blurRefPx, which finds most of them in that view too: see below.)
  it('finds more of its discs in a view as fine as the image (seed 10)', () => {
    const run = corpusSceneRuns(cv, 'sjoelbak-standard-40x200', 10);
    // In grey alone (circles seen in colour find most of these discs too: see below).
    const coarse = run({ colourCandidates: false, blurRefPx: 0 });
    const fine = run({ coarseView: false, colourCandidates: false, blurRefPx: 0 });
    expect(fine.matched).toBeLessThanOrEqual(2);
    expect(coarse.matched).toBeGreaterThanOrEqual(fine.matched + 6);
    // One false disc comes with them, on the side of a stack of three discs (11 px from the top
    // disc's centre), in play, where it scores nothing.
    expect(coarse.falsePositives).toBeLessThanOrEqual(fine.falsePositives + 1);
    expect(coarse.phantomCalls).toBe(0);
    expect(coarse.wrongCalls).toBe(0);
    expect(coarse.beyondUncertainty).toBe(0);
    // The fine view searched for its blur (3.2 view px) finds 14; with the coarse view, all 16.
    const fineForBlur = run({ coarseView: false, colourCandidates: false });
    expect(fineForBlur.matched).toBeGreaterThanOrEqual(fine.matched + 10);
    const coarseForBlur = run({ colourCandidates: false });
    expect(coarseForBlur.matched).toBeGreaterThanOrEqual(Math.max(coarse.matched, fineForBlur.matched));
    expect(coarseForBlur.falsePositives).toBeLessThanOrEqual(coarse.falsePositives);
    // With the colour candidates as well (the default): as many found, and no call wrong.
    const both = run({});
    expect(both.matched).toBeGreaterThanOrEqual(coarseForBlur.matched);
    expect(both.phantomCalls).toBe(0);
    expect(both.wrongCalls).toBe(0);
    expect(both.beyondUncertainty).toBe(0);
  }, 180_000);

  // Seed 16: the gate bars between the arches, their front faces and the arches' sides, draw
  // disc-sized circles round the bars' middles.
  it('takes no disc centred inside a gate bar (seed 16)', () => {
    const { profile, frame, gray } = corpusScene('sjoelbak-standard-40x200', 16);
    const calibration = calibrate(cv, gray, profile);
    if (!calibration.found) throw new Error('seed 16: board not found');
    const r = detectDiscs(cv, { frame, gray, calibration, profile });
    const blocks = profile.features.filter((f) => f.kind === 'block');
    const inside = (d: { xMm: number; yMm: number }) => blocks.some((b) => b.kind === 'block' && d.xMm > b.minXMm && d.xMm < b.maxXMm && d.yMm > b.minYMm && d.yMm < b.maxYMm);
    expect(r.discs.filter(inside)).toEqual([]);
    expect(r.rejected.filter((x) => x.reason.startsWith('centred inside the block "gate-bar-')).length).toBeGreaterThanOrEqual(2);
  }, 180_000);
});
