import { beforeAll, describe, expect, it } from 'vitest';
import { sample } from '../../fixtures/samples/samples.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { pieceRadiusMm } from '../../rules/profiles/schema.ts';
import { toGray } from '../image/frame.ts';
import { loadImageFile } from '../image/load-image-node.ts';
import { loadOpenCv, type CV } from '../opencv/load-opencv.ts';
import { analyzeFrame } from '../pipeline/analyze-frame.ts';
import { DETECT_DEFAULTS } from './defaults.ts';
import { detectDiscs, paintedLines, rimMostlyPaint } from './detect.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;
let cv: CV;
beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
});

/** Rotate measured positions by the board symmetry that best matches the truth. */
function aligned(measured: { xMm: number; yMm: number }[], truth: { xMm: number; yMm: number }[], order: number) {
  let best = { err: Infinity, pts: measured };
  for (let k = 0; k < order; k++) {
    const t = (-2 * Math.PI * k) / order;
    const pts = measured.map((m) => ({ ...m, xMm: m.xMm * Math.cos(t) - m.yMm * Math.sin(t), yMm: m.xMm * Math.sin(t) + m.yMm * Math.cos(t) }));
    const err = truth.reduce((s, tr) => s + Math.min(...pts.map((p) => Math.hypot(p.xMm - tr.xMm, p.yMm - tr.yMm))), 0);
    if (err < best.err) best = { err, pts };
  }
  return best.pts;
}

describe('disc detection on a clean crokinole scene', () => {
  it('finds every disc on the board, footprints within 0.5 mm (median 0.4 mm), teams apart', async () => {
    const s = sample('crokinole-clean');
    const a = analyzeFrame(cv, await loadImageFile(s.imagePath), croki);
    expect(a.detection).not.toBeNull();
    const truth = s.truth.discs.filter((d) => d.state === 'in-play');
    const discs = a.detection!.discs;
    const found = aligned(discs, truth, croki.symmetryOrder) as typeof discs;
    const teamPairs = new Map<string, string>();
    const errors: number[] = [];
    for (const t of truth) {
      const nearest = found.reduce((b, d) => (Math.hypot(d.xMm - t.xMm, d.yMm - t.yMm) < Math.hypot(b.xMm - t.xMm, b.yMm - t.yMm) ? d : b));
      // Tolerances: a clean scene must beat the corpus targets (0.3 mm median, 0.8 mm p95).
      const e = Math.hypot(nearest.xMm - t.xMm, nearest.yMm - t.yMm);
      errors.push(e);
      expect(e).toBeLessThan(0.5);
      // One detected label per truth team, and no two teams sharing one.
      const seen = teamPairs.get(t.team);
      if (seen) expect(nearest.team).toBe(seen);
      else teamPairs.set(t.team, nearest.team!);
    }
    expect(new Set(teamPairs.values()).size).toBe(teamPairs.size);
    errors.sort((x, y) => x - y);
    expect(errors[Math.floor(errors.length / 2)]!).toBeLessThan(0.4);
    const onBoard = s.truth.discs.filter((d) => d.state === 'in-play' || d.state === 'ditch').length;
    expect(a.detection!.discs.filter((d) => d.state === 'on-board')).toHaveLength(onBoard);
    expect(a.detection!.discs.filter((d) => d.state === 'in-hole')).toHaveLength(s.truth.discs.filter((d) => d.state === 'hole').length);
  });
});

describe('discs known unchanged', () => {
  it('are not measured again: the others are found as before', async () => {
    const s = sample('crokinole-clean');
    const frame = await loadImageFile(s.imagePath);
    const a = analyzeFrame(cv, frame, croki);
    if (!a.calibration.found) throw new Error('the clean scene did not calibrate');
    const calibration = a.calibration;
    const all = a.detection!.discs.filter((d) => d.state === 'on-board');
    expect(all.length).toBeGreaterThan(3);
    // Known at a place a little off the measured one (a track's last measurement).
    const known = all.slice(0, 2).map((d) => ({ xMm: d.xMm + 1, yMm: d.yMm - 1 }));
    const r = detectDiscs(cv, { frame, gray: toGray(frame), calibration, profile: croki, knownMm: known });
    const near = (p: { xMm: number; yMm: number }, q: { xMm: number; yMm: number }) => Math.hypot(p.xMm - q.xMm, p.yMm - q.yMm) < 3;
    for (const k of known) expect(r.discs.some((d) => near(d, k))).toBe(false);
    for (const d of all.slice(2)) expect(r.discs.some((x) => near(x, d))).toBe(true);
  });
});

describe('a fit that found half its rim, where painted lines are', () => {
  const lines = paintedLines(croki);
  const o = DETECT_DEFAULTS;
  const weak = (xMm: number, yMm: number) => rimMostlyPaint(lines, { xMm, yMm, coverage: 0.52 }, pieceRadiusMm(croki), o);

  it('is paint between the 10 circle and a quadrant line, and between the 5 circle and one', () => {
    // Quadrant line 4 runs from the 10 circle at (143.7, -143.7) to the 5 circle.
    expect(weak(146.6, -165.4)).toBe(true);
    expect(weak(-194, 213)).toBe(true);
  });

  it('is not paint on open wood, astride a ring, or lying in the hole (its edge is not a painted line)', () => {
    expect(weak(0, 150)).toBe(false);
    expect(weak(0, 203.2)).toBe(false);
    expect(weak(1.2, 0.8)).toBe(false);
  });
});
