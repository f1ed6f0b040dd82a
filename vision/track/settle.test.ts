/**
 * The settle step on its own: what a play episode (paths, a hand) and the detections at rest
 * make of the board, where the hand's region hid part of a shot.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { BoardView } from './board-view.ts';
import { TRACK_DEFAULTS } from './defaults.ts';
import { lowResSize } from './luma.ts';
import type { EpisodeResult, MovingTrack } from './motion-tracker.ts';
import { settle, type SeenDisc } from './settle.ts';
import { H, syntheticCalibration, W } from './synthetic-frames.ts';
import type { Track } from './types.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const view = new BoardView(syntheticCalibration(profile.id), profile, lowResSize(W, H, 2));
const r = view.discRadiusMm;
const track = (id: string, team: string, xMm: number, yMm: number): Track => ({ id, team, xMm, yMm, radiusMm: r, uncertaintyMm: 0.5, place: 'surface', staged: false, confidence: 0.95 });
const seen = (team: string, xMm: number, yMm: number): SeenDisc => ({ xMm, yMm, radiusMm: r, uncertaintyMm: 0.5, team, confidence: 0.95 });
const path = (id: string, isNew: boolean, points: [number, number][], startMs = 1000): MovingTrack => ({
  id,
  isNew,
  path: points.map(([xMm, yMm], i) => ({ tMs: startMs + 33 * i, xMm, yMm })),
  vx: 0,
  vy: 0,
  velocityUnsure: false,
  lastSeenMs: startMs + 33 * (points.length - 1),
  missed: 0,
  seen: points.length,
  startMs,
});
/** Low-res mask with the discs' places (at a disc's height) set. */
function maskAt(places: [number, number][], fraction = 1.3): Uint8Array {
  const m = new Uint8Array(view.size.widthPx * view.size.heightPx);
  for (const [x, y] of places) for (const i of view.circlePixels(x, y, r, fraction)) m[i] = 1;
  return m;
}
function episode(moving: MovingTrack[], hand: { coveredIds: string[]; everAt: [number, number][] }): EpisodeResult {
  return { startMs: 900, lastMotionMs: 1500, moving, contacts: [], handCoveredIds: hand.coveredIds, handVisitedIds: hand.coveredIds, handSeen: true, handEverMask: maskAt(hand.everAt, 2.5) };
}
let next = 10;
const newId = () => `d${next++}`;

describe('settle where a hand hid part of a shot', () => {
  it('a disc a hand was over, struck where it lay and first seen as a new blob there, keeps its identity', () => {
    const tracks = [track('d1', 'A', 0, -100), track('d2', 'B', 100, 100)];
    const out = settle({
      view,
      tracks,
      episode: episode([path('new-1', true, [[4, -96], [2, -70], [0, -40]])], { coveredIds: ['d1'], everAt: [[0, -130]] }),
      change: maskAt([[0, -100], [0, -40]]),
      detections: [seen('A', 0, -40), seen('B', 100, 100)],
      newId,
      o: TRACK_DEFAULTS,
    });
    expect(out.tracks.map((t) => [t.id, t.xMm, t.yMm])).toEqual([
      ['d1', 0, -40],
      ['d2', 100, 100],
    ]);
    expect(out.takenByHandIds).toEqual([]);
    expect(out.movedIds).toEqual(['d1']);
  });

  it('a disc a hand was over, struck by a disc that never left the hand, and first seen a step beyond a struck blob, is that disc, hit', () => {
    // The new track sets off 25 mm from d1's place (more than 1.5 radii, less than that plus
    // its first step): it is d1's path, and the disc found where the hand was struck it.
    const tracks = [track('d1', 'B', 74, -143), track('d2', 'A', -110, -55)];
    const out = settle({
      view,
      tracks,
      episode: episode([path('new-1', true, [[98, -135], [109, -131], [123, -127], [128, -118], [114, -110]])], { coveredIds: ['d1'], everAt: [[50, -150], [40, -180]] }),
      change: maskAt([[74, -143], [122, -117], [43, -144]]),
      detections: [seen('A', -110, -55), seen('A', 43, -144), seen('B', 122, -117)],
      newId,
      o: TRACK_DEFAULTS,
    });
    expect(out.kind).toBe('shot');
    expect(out.tracks.find((t) => t.id === 'd1')).toMatchObject({ xMm: 122, yMm: -117 });
    const shotId = out.shot!.shotDiscId;
    expect(out.shot!.after.discs.find((d) => d.id === shotId)).toMatchObject({ team: 'A', xMm: 43, yMm: -144 });
    expect(out.shot!.hits).toEqual([{ byId: shotId, hitId: 'd1' }]);
  });

  it("a disc struck by none followed, and one new disc found at rest where the hand was: the new one is the shot's disc, and struck it", () => {
    const tracks = [track('d1', 'A', -100, -50), track('d2', 'B', 60, -140)];
    const out = settle({
      view,
      tracks,
      episode: episode([path('d2', false, [[60, -140], [90, -128], [110, -120]])], { coveredIds: [], everAt: [[30, -150], [0, -180]] }),
      change: maskAt([[60, -140], [110, -120], [30, -150]]),
      detections: [seen('A', -100, -50), seen('B', 110, -120), seen('A', 30, -150)],
      newId,
      o: TRACK_DEFAULTS,
    });
    expect(out.kind).toBe('shot');
    const shotId = out.shot!.shotDiscId;
    expect(shotId).not.toBe('d2');
    expect(out.shot!.after.discs.find((d) => d.id === shotId)).toMatchObject({ xMm: 30, yMm: -150 });
    expect(out.shot!.hits).toEqual([{ byId: shotId, hitId: 'd2' }]);
    expect(out.addedIds).toEqual([]);
  });

  it('the same new disc where no hand was is a disc put down, not the shot (the struck one moved with no shot disc seen)', () => {
    const tracks = [track('d1', 'A', -100, -50), track('d2', 'B', 60, -140)];
    const out = settle({
      view,
      tracks,
      episode: episode([path('d2', false, [[60, -140], [90, -128], [110, -120]])], { coveredIds: [], everAt: [[-200, 200]] }),
      change: maskAt([[60, -140], [110, -120], [30, -150]]),
      detections: [seen('A', -100, -50), seen('B', 110, -120), seen('A', 30, -150)],
      newId,
      o: TRACK_DEFAULTS,
    });
    expect(out.shot!.shotDiscId).toBe('d2');
    expect(out.shot!.hits).toEqual([]);
    expect(out.addedIds).toHaveLength(1);
  });
});
