/**
 * A disc flicked out of a hand that is still in view, at 30 fps: it may be seen once, or only
 * in one blob with the disc it strikes, before the hit; and the hand's reach, measured from the
 * tip of what changed (the flicked disc among it), may brush a disc the flick then strikes. The
 * episode tracker is fed masks directly here (board millimetres to low-res pixels by the view).
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { SparseMask } from './blobs.ts';
import { BoardView } from './board-view.ts';
import { TRACK_DEFAULTS } from './defaults.ts';
import { lowResSize } from './luma.ts';
import { EpisodeTracker } from './motion-tracker.ts';
import { DISC_R_MM, H, syntheticCalibration, W } from './synthetic-frames.ts';
import type { Track } from './types.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const view = new BoardView(syntheticCalibration(profile.id), profile, lowResSize(W, H, 2));
const b1: Track = { id: 'b1', team: 'B', xMm: 0, yMm: 0, radiusMm: DISC_R_MM, uncertaintyMm: 0.2, place: 'surface', staged: false, confidence: 0.95 };

/** A mask of the union of circles (board mm), minus some. */
function mask(circles: { xMm: number; yMm: number; rMm: number }[], minus: { xMm: number; yMm: number; rMm: number }[] = []): SparseMask {
  const m = new SparseMask(view.size.widthPx, view.size.heightPx);
  const out = new Set(minus.flatMap((c) => Array.from(view.circlePixels(c.xMm, c.yMm, c.rMm, 1))));
  for (const c of circles) for (const i of view.circlePixels(c.xMm, c.yMm, c.rMm, 1)) if (!out.has(i)) m.add(i);
  return m;
}

describe('a disc flicked out of a hand in view', () => {
  it("a resting disc the hand's reach brushes while something moves elsewhere is not the hand's, unless its place changes then", () => {
    const zone = mask([{ xMm: 0, yMm: -95, rMm: 85 }]);
    const hand = mask([{ xMm: 0, yMm: -150, rMm: 20 }]);
    // Something moves far away (the flicked disc, leaving the hand).
    const away = mask([{ xMm: 150, yMm: 150, rMm: DISC_R_MM }]);
    const ep = new EpisodeTracker(view, [b1], TRACK_DEFAULTS, 0);
    ep.step(33, away, away, hand, zone);
    expect(ep.result().handCoveredIds).toEqual([]);
    // Its place changing with the reach over it: the hand's doing.
    const atDisc = mask([{ xMm: 150, yMm: 150, rMm: DISC_R_MM }, { xMm: 0, yMm: -14, rMm: 5 }]);
    ep.step(67, atDisc, atDisc, hand, zone);
    expect(ep.result().handCoveredIds).toEqual(['b1']);
  });

  it('struck by a disc seen once before: that disc struck it, going its way', () => {
    const ep = new EpisodeTracker(view, [b1], TRACK_DEFAULTS, 0);
    const striker = mask([{ xMm: 0, yMm: -70, rMm: DISC_R_MM }]);
    ep.step(33, striker, striker, null);
    // The next frame: b1 starts (its whole place changes and moves).
    const onset = mask([{ xMm: 0, yMm: 3, rMm: DISC_R_MM * 1.1 }]);
    ep.step(67, onset, onset, null);
    const r = ep.result();
    expect(r.contacts.map((c) => [c.byId, c.hitId])).toEqual([['new-1', 'b1']]);
    // The struck disc is sent off along the line of centres, away from the striker.
    const hit = r.moving.find((m) => m.id === 'b1')!;
    expect(hit.vy).toBeGreaterThan(0);
    expect(Math.abs(hit.vx)).toBeLessThan(0.1 * hit.vy);
  });

  it('a blob on a resting disc with room for another disc beside it: that disc struck, and the one that struck it', () => {
    const ep = new EpisodeTracker(view, [b1], TRACK_DEFAULTS, 0);
    // A striker (a little larger) touching b1 from below, and b1's edge round it; b1's middle
    // not changed yet (too little for the onset test).
    const blob = mask(
      [
        { xMm: 0, yMm: -34, rMm: 18 },
        { xMm: 0, yMm: 0, rMm: 1.15 * DISC_R_MM },
      ],
      [{ xMm: 0, yMm: 0, rMm: 0.8 * DISC_R_MM }],
    );
    ep.step(33, blob, blob, null);
    ep.step(67, blob, blob, null);
    const r = ep.result();
    expect(r.moving.map((m) => m.id).sort()).toEqual(['b1', 'new-1']);
    expect(r.contacts.map((c) => [c.byId, c.hitId])).toEqual([['new-1', 'b1']]);
  });

  it('a blob on a resting disc about its own size is that disc alone', () => {
    const ep = new EpisodeTracker(view, [b1], TRACK_DEFAULTS, 0);
    const blob = mask([{ xMm: 0, yMm: 8, rMm: DISC_R_MM }], [{ xMm: 0, yMm: 0, rMm: 0.9 * DISC_R_MM }]);
    ep.step(33, blob, blob, null);
    const r = ep.result();
    expect(r.moving.map((m) => m.id)).toEqual(['b1']);
    expect(r.contacts).toEqual([]);
  });
});
