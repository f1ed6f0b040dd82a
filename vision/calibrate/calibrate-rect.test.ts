import { describe, expect, it } from 'vitest';
import { randomScene } from '../../fixtures/render/random-scene.ts';
import { renderScene } from '../../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { applyHomography, multiply3 } from '../geometry/homography.ts';
import { toGray, type GrayImage } from '../image/frame.ts';
import { loadOpenCv } from '../opencv/load-opencv.ts';
import { calibrate } from './calibrate.ts';
import { featuresByEnd, sharpestAlong } from './calibrate-rect.ts';
import { boardModel } from './rect-model.ts';
import { noLens } from '../geometry/lens.ts';

const W = 960;
const H = 540;

/** Largest distance (ideal pixels) between found and true surface corners, over the board's symmetries. */
function cornerErrorPx(found: readonly number[], truth: readonly number[], profile: BoardProfile, symmetryOrder: number): number {
  const s = profile.surface;
  if (s.shape !== 'rect') throw new Error('rect boards only');
  const cx = (s.minXMm + s.maxXMm) / 2;
  const cy = (s.minYMm + s.maxYMm) / 2;
  const corners = [
    [s.minXMm, s.minYMm],
    [s.maxXMm, s.minYMm],
    [s.maxXMm, s.maxYMm],
    [s.minXMm, s.maxYMm],
  ] as const;
  let best = Infinity;
  for (let k = 0; k < symmetryOrder; k++) {
    const a = (2 * Math.PI * k) / symmetryOrder;
    const rot = [Math.cos(a), -Math.sin(a), cx - Math.cos(a) * cx + Math.sin(a) * cy, Math.sin(a), Math.cos(a), cy - Math.sin(a) * cx - Math.cos(a) * cy, 0, 0, 1];
    const h = multiply3(found, rot);
    let worst = 0;
    for (const [x, y] of corners) {
      const p = applyHomography(h, x, y);
      const q = applyHomography(truth, x, y);
      worst = Math.max(worst, Math.hypot(p.x - q.x, p.y - q.y));
    }
    best = Math.min(best, worst);
  }
  return best;
}

function render(profile: BoardProfile, seed: number, effects: 'none' | 'random'): { gray: GrayImage; truth: number[] } {
  const r = renderScene(randomScene(profile, seed, { widthPx: W, heightPx: H, effects }), profile);
  return { gray: toGray({ data: r.rgba, widthPx: W, heightPx: H, timestampMs: 0 }), truth: r.truth.boardToImage };
}

/**
 * Scenes per profile (seed, effects) and the tolerance on the surface corners at 960x540.
 * Sjoelbak (a 2 m board with tall bars whose tops are fitted through the camera's estimated
 * position) and the 12 ft table (a long thin board in a dark gutter) are held to less.
 */
const CASES: { id: string; scenes: [number, 'none' | 'random'][]; tolPx: number }[] = [
  { id: 'curling-mat', scenes: [[1, 'none'], [1, 'random']], tolPx: 1 },
  { id: 'nano-curling-sheet', scenes: [[1, 'none'], [1, 'random']], tolPx: 1 },
  { id: 'shuffleboard-mat', scenes: [[1, 'none'], [1, 'random']], tolPx: 1 },
  { id: 'table-shuffleboard-9ft', scenes: [[1, 'none'], [1, 'random']], tolPx: 1 },
  { id: 'table-shuffleboard-12ft', scenes: [[2, 'none'], [6, 'random']], tolPx: 1.5 },
  { id: 'carrom-standard-74cm', scenes: [[1, 'none'], [1, 'random']], tolPx: 1 },
  { id: 'sjoelbak-standard-40x200', scenes: [[1, 'none'], [6, 'random']], tolPx: 4 },
  // Seeds 3, 5, 9 and 10 view the frame's top from behind: fitted as if at board height, their
  // corners were 1.7-5.8 px off (the frame stands 15 mm above the surface). Seed 29 (random)
  // was 4.9 px off sideways until a board in a raised frame was also fitted from the sharpest
  // place across it.
  { id: 'sling-standard', scenes: [[1, 'none'], [1, 'random'], [3, 'none'], [5, 'none'], [9, 'none'], [10, 'none'], [29, 'random']], tolPx: 1 },
];

describe('automatic calibration of rectangular boards', () => {
  for (const c of CASES) {
    it(`finds ${c.id} (corners within ${c.tolPx} px at ${W}x${H}, orientation right up to the board's symmetry)`, async () => {
      const { cv } = await loadOpenCv();
      const profile = BOARD_PROFILES[c.id]!;
      const model = boardModel(profile, { spacingMm: 6, maxSamples: 900 });
      for (const [seed, effects] of c.scenes) {
        const { gray, truth } = render(profile, seed, effects);
        const result = calibrate(cv, gray, profile);
        if (!result.found) throw new Error(`${c.id} seed ${seed} (${effects}): not found: ${result.reason}`);
        const err = cornerErrorPx(result.boardToImage, truth, profile, model.symmetryOrder);
        expect(err, `${c.id} seed ${seed} (${effects})`).toBeLessThan(c.tolPx);
        expect(result.profileId).toBe(c.id);
        expect(result.rmsErrorPx).toBeLessThan(1);
      }
    }, 60_000);
  }

  it('reports the orientation whose +y points up in the image when the markings are symmetric', async () => {
    const { cv } = await loadOpenCv();
    const profile = BOARD_PROFILES['table-shuffleboard-9ft']!;
    expect(boardModel(profile, { spacingMm: 6, maxSamples: 900 }).symmetryOrder).toBe(2);
    const { gray } = render(profile, 1, 'none');
    const result = calibrate(cv, gray, profile);
    if (!result.found) throw new Error(result.reason);
    const o = applyHomography(result.boardToImage, 0, 0);
    const up = applyHomography(result.boardToImage, 0, 500);
    const down = applyHomography(result.boardToImage, 0, -500);
    // The share of the +y direction that points up the image beats that of -y.
    expect((up.y - o.y) / Math.hypot(up.x - o.x, up.y - o.y)).toBeLessThan((down.y - o.y) / Math.hypot(down.x - o.x, down.y - o.y));
  }, 60_000);

  it('gives found:false with a reason for an image without a board', async () => {
    const { cv } = await loadOpenCv();
    const data = new Float32Array(W * H);
    // A table: a brightness ramp with a little noise, nothing board-shaped.
    let seed = 12345;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        data[y * W + x] = 90 + (60 * x) / W + (seed % 7);
      }
    }
    for (const id of ['curling-mat', 'carrom-standard-74cm', 'sjoelbak-standard-40x200']) {
      const result = calibrate(cv, { data, widthPx: W, heightPx: H }, BOARD_PROFILES[id]!);
      expect(result.found).toBe(false);
      if (!result.found) expect(result.reason).toMatch(/\w+/);
    }
  }, 60_000);

  it('gives found:false for an image of a different board', async () => {
    const { cv } = await loadOpenCv();
    const { gray } = render(BOARD_PROFILES['carrom-standard-74cm']!, 1, 'none');
    const result = calibrate(cv, gray, BOARD_PROFILES['table-shuffleboard-9ft']!);
    expect(result.found).toBe(false);
  }, 60_000);
});

describe('along a long board', () => {
  const profile = BOARD_PROFILES['sjoelbak-standard-40x200']!;
  const whole = { minXMm: -200, minYMm: 0, maxXMm: 200, maxYMm: 2000 };
  // A tilted view of the board: about 0.4 px/mm, the far end smaller.
  const h = [0.4, 0.05, 500, 0.02, -0.35, 900, 0, 0.00012, 1];
  const o = { alongGridStepPx: 1.5, alongGridRangeFraction: 0.04, alongGridStretch: 0.1 };
  const ends = (m: readonly number[]) => [applyHomography(m, 0, 0), applyHomography(m, 0, 2000)];
  /** A score that peaks where a mapping puts the board's ends where `target` does. */
  const peakedAt = (target: readonly number[]) => (st: { boardToImage: number[] }) => {
    const [a, b] = ends(st.boardToImage);
    const [p, q] = ends(target);
    return -Math.max(Math.hypot(a!.x - p!.x, a!.y - p!.y), Math.hypot(b!.x - q!.x, b!.y - q!.y));
  };

  it('finds a slide and a stretch along the board to within a grid step', () => {
    expect(profile.surface.shape).toBe('rect');
    // The board's image slid 30 mm along it and stretched 4 % about its middle.
    const k = 1.04;
    const target = multiply3(h, [1, 0, 0, 0, k, 1000 * (1 - k) + 30, 0, 0, 1]);
    const r = sharpestAlong({ boardToImage: h, lens: noLens(W, H) }, peakedAt(target), whole, true, o);
    expect(r.score).toBeGreaterThan(r.here);
    expect(r.aMm).toBeCloseTo(30, -1);
    expect(r.k).toBeCloseTo(k, 2);
    const [a, b] = ends(r.state.boardToImage);
    const [p, q] = ends(target);
    expect(Math.hypot(a!.x - p!.x, a!.y - p!.y)).toBeLessThan(2);
    expect(Math.hypot(b!.x - q!.x, b!.y - q!.y)).toBeLessThan(2);
  });

  it('keeps the mapping as it is where it already scores best', () => {
    const r = sharpestAlong({ boardToImage: h, lens: noLens(W, H) }, peakedAt(h), whole, true, o);
    expect(r.aMm).toBe(0);
    expect(r.k).toBe(1);
    expect(r.score).toBe(r.here);
  });

  it('finds the same place when the grid is scored cheaply and its best places exactly', () => {
    const k = 1.04;
    const target = multiply3(h, [1, 0, 0, 0, k, 1000 * (1 - k) + 30, 0, 0, 1]);
    const score = peakedAt(target);
    const cheap = () => (aMm: number, kk: number) => score({ boardToImage: multiply3(h, [1, 0, 0, 0, kk, 1000 * (1 - kk) + aMm, 0, 0, 1]) });
    const full = sharpestAlong({ boardToImage: h, lens: noLens(W, H) }, score, whole, true, o);
    const quick = sharpestAlong({ boardToImage: h, lens: noLens(W, H) }, score, whole, true, o, cheap);
    expect(quick.aMm).toBe(full.aMm);
    expect(quick.k).toBe(full.k);
    expect(quick.score).toBe(full.score);
  });

  it('keeps the mapping as it is when the cheap score points where the score itself is lower', () => {
    // A cheap score peaked far from the true peak (at the mapping as it is).
    const elsewhere = multiply3(h, [1, 0, 0, 0, 1.08, 1000 * (1 - 1.08) - 60, 0, 0, 1]);
    const wrong = peakedAt(elsewhere);
    const cheap = () => (aMm: number, kk: number) => wrong({ boardToImage: multiply3(h, [1, 0, 0, 0, kk, 1000 * (1 - kk) + aMm, 0, 0, 1]) });
    const r = sharpestAlong({ boardToImage: h, lens: noLens(W, H) }, peakedAt(h), whole, true, o, cheap);
    expect(r.aMm).toBe(0);
    expect(r.k).toBe(1);
    expect(r.score).toBe(r.here);
  });

  it("tells a table shuffleboard's markings at each end apart, and none on a square board", () => {
    const tsb = BOARD_PROFILES['table-shuffleboard-9ft']!;
    const model = boardModel(tsb, { spacingMm: 6, maxSamples: 900 });
    const s = tsb.surface;
    if (s.shape !== 'rect') throw new Error('rect');
    const ids = [...new Set(model.samples.map((x) => x.featureId))].filter((id) => !id.startsWith('surface-'));
    // The near end's markings missed (a fit stretched along the board), the far end's found.
    const meanY = (id: string) => {
      const ys = model.samples.filter((x) => x.featureId === id).map((x) => x.yMm);
      return ys.reduce((a, b) => a + b, 0) / ys.length;
    };
    const features = ids.map((id) => [id, meanY(id) < 0 ? 0.1 : 0.9] as [string, number]);
    const byEnd = featuresByEnd(features, model.samples, s, 2.5, 0.5);
    expect(byEnd).toHaveLength(2);
    expect(byEnd[0]!.of).toBeGreaterThanOrEqual(2);
    expect(byEnd[0]!.seen).toBe(0);
    expect(byEnd[1]!.seen).toBe(byEnd[1]!.of);
    expect(byEnd[1]!.of).toBeGreaterThanOrEqual(2);
    const carrom = BOARD_PROFILES['carrom-standard-74cm']!;
    const cs = carrom.surface;
    if (cs.shape !== 'rect') throw new Error('rect');
    expect(featuresByEnd(features, model.samples, cs, 2.5, 0.5)).toEqual([]);
  });
});
