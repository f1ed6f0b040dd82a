/**
 * The tracker on synthetic frame sequences (flat board from above, discs as circles, a hand
 * from the border, noise in every frame, a detector that reports the true discs): shots and
 * their boundaries, who hit whom, hands, discs into the hole and the ditch, settle time.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { BoardTracker } from './board-tracker.ts';
import { COLORS, DISC_R_MM, play, Script, syntheticCalibration, truthDetector, type SynthState } from './synthetic-frames.ts';
import type { TrackOptions } from './defaults.ts';
import type { TrackerEvent } from './types.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
// The detector is replaced, so opencv is never touched.
const noCv = {} as CV;

/** A curling mat cut short to fit the synthetic view, with the synthetic discs' size. */
const mat: BoardProfile = (() => {
  const p = structuredClone(BOARD_PROFILES['curling-mat']!);
  const rect = { minXMm: -160, minYMm: -380, maxXMm: 160, maxYMm: 150 };
  return { ...p, id: 'curling-mat-short', surface: { ...p.surface, ...rect }, outline: { ...p.outline, ...rect }, pieces: p.pieces.map((x) => ({ ...x, diameterMm: 2 * DISC_R_MM })) };
})();

function run(script: Script, settleMs = 100, board: BoardProfile = profile, track: Partial<TrackOptions> = {}): { events: TrackerEvent[]; tracker: BoardTracker; states: string[] } {
  const holder: { state: SynthState } = { state: { discs: [], hand: null } };
  const tracker = new BoardTracker(noCv, {
    profile: board,
    calibration: syntheticCalibration(board.id),
    teamColors: [COLORS.A!, COLORS.B!],
    detector: truthDetector(() => holder.state),
    track: { settleMs, ...track },
  });
  const events: TrackerEvent[] = [];
  const states: string[] = [];
  for (const f of play(script, board, holder)) {
    events.push(...tracker.push(f));
    states.push(tracker.state);
  }
  return { events, tracker, states };
}

const shots = (events: TrackerEvent[]) => events.filter((e): e is Extract<TrackerEvent, { type: 'shot' }> => e.type === 'shot');

/** The time of the last frame a disc moved on (ms), before `beforeMs`. */
function stoppedMs(script: Script, id: string, beforeMs = Infinity): number {
  let last = 0;
  script.frames.forEach((f, i) => {
    const tMs = (i * 1000) / script.fps;
    const prev = script.frames[i - 1]?.discs.find((d) => d.id === id);
    const now = f.discs.find((d) => d.id === id);
    if (tMs < beforeMs && prev && now && (prev.xMm !== now.xMm || prev.yMm !== now.yMm)) last = tMs;
  });
  return last;
}
const r2 = 2 * DISC_R_MM;

describe('BoardTracker on synthetic frames', () => {
  it('a disc put down by a hand and flicked is one shot, called after the settle time', () => {
    const s = new Script().hold(300);
    s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -280 }));
    // The hand is gone; the disc slides to the 15 area.
    s.slide([{ id: 'a1', to: { xMm: 10, yMm: -50 }, ms: 900 }]).hold(500);
    const { events, states } = run(s);
    const found = shots(events);
    expect(found).toHaveLength(1);
    const shot = found[0]!.shot;
    expect(shot.before.discs).toEqual([]);
    expect(shot.shooter).toBe('A');
    expect(shot.after.discs).toHaveLength(1);
    expect(shot.after.discs[0]!.xMm).toBeCloseTo(10, 0);
    expect(shot.after.discs[0]!.yMm).toBeCloseTo(-50, 0);
    expect(shot.hits).toEqual([]);
    // The call comes once the board has been still for the settle time, not before: after the
    // last frame in which the disc moved by a visible amount (a pixel).
    const moved = s.frames.map((f, i) => (i > 0 && f.discs[0] && s.frames[i - 1]!.discs[0] ? Math.hypot(f.discs[0].xMm - s.frames[i - 1]!.discs[0]!.xMm, f.discs[0].yMm - s.frames[i - 1]!.discs[0]!.yMm) : 0));
    const lastVisibleMs = (moved.findLastIndex((d) => d >= 1 / 0.6) * 1000) / 30;
    expect(found[0]!.tMs).toBeGreaterThanOrEqual(lastVisibleMs + 100 - 1);
    expect(found[0]!.tMs).toBeLessThan(lastVisibleMs + 300);
    expect(states).toContain('hand');
    // A longer settle time delays the call by as much.
    const later = shots(run(s, 400).events);
    expect(later).toHaveLength(1);
    expect(later[0]!.tMs - found[0]!.tMs).toBeGreaterThanOrEqual(300 - 34);
    expect(later[0]!.tMs - found[0]!.tMs).toBeLessThanOrEqual(300 + 34);
  });

  it('a disc struck by the shot disc: the hit, both moved, the struck one went where it stopped', () => {
    const s = new Script().add({ id: 'b1', team: 'B', xMm: 40, yMm: 60 }).hold(300);
    s.handVisit({ xMm: 40, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 40, yMm: -280 }));
    // a1 runs straight at b1 and stops touching it; b1 goes on along the line of centres.
    s.slide([{ id: 'a1', to: { xMm: 40, yMm: 60 - r2 }, ms: 500 }]);
    s.slide([{ id: 'b1', to: { xMm: 40, yMm: 200 }, ms: 700 }]).hold(500);
    const { events, tracker } = run(s);
    const found = shots(events);
    expect(found).toHaveLength(1);
    const shot = found[0]!.shot;
    const b1 = shot.before.discs[0]!.id;
    expect(shot.hits).toEqual([{ byId: shot.shotDiscId, hitId: b1 }]);
    expect(new Set(shot.movedIds)).toEqual(new Set([shot.shotDiscId, b1]));
    const b1After = shot.after.discs.find((d) => d.id === b1)!;
    expect(b1After.yMm).toBeCloseTo(200, 0);
    expect(b1After.team).toBe('B');
    // Identities hold: b1 keeps its id from one rest to the next.
    expect(tracker.tracks.map((t) => t.id)).toContain(b1);
  });

  it('a disc that passes another without touching it hits nothing', () => {
    const s = new Script().add({ id: 'b1', team: 'B', xMm: 0, yMm: 60 }).hold(300);
    s.handVisit({ xMm: 0 + 2.4 * r2, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 2.4 * r2, yMm: -280 }));
    s.slide([{ id: 'a1', to: { xMm: 2.4 * r2, yMm: 150 }, ms: 900 }]).hold(500);
    const found = shots(run(s).events);
    expect(found).toHaveLength(1);
    expect(found[0]!.shot.hits).toEqual([]);
    expect(found[0]!.shot.movedIds).toEqual([found[0]!.shot.shotDiscId]);
  });

  it('a chain: the shot disc strikes an own disc, which strikes an opponent', () => {
    const s = new Script().add({ id: 'a1', team: 'A', xMm: 0, yMm: 0 + 100 }).add({ id: 'b1', team: 'B', xMm: 0, yMm: 100 + r2 + 25 }).hold(300);
    s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a2', team: 'A', xMm: 0, yMm: -280 }));
    s.slide([{ id: 'a2', to: { xMm: 0, yMm: 100 - r2 }, ms: 500 }]);
    s.slide([{ id: 'a1', to: { xMm: 0, yMm: 100 + 25 }, ms: 150 }]);
    s.slide([{ id: 'b1', to: { xMm: 0, yMm: 260 }, ms: 600 }]).hold(500);
    const found = shots(run(s).events);
    expect(found).toHaveLength(1);
    const shot = found[0]!.shot;
    const [a1, b1] = [shot.before.discs.find((d) => d.team === 'A')!.id, shot.before.discs.find((d) => d.team === 'B')!.id];
    expect(shot.hits).toEqual([
      { byId: shot.shotDiscId, hitId: a1 },
      { byId: a1, hitId: b1 },
    ]);
  });

  it('a hand that takes a disc away is a change by hand, not a shot; calls wait while it is there', () => {
    const s = new Script().add({ id: 'b1', team: 'B', xMm: 50, yMm: -120 }).hold(300);
    s.handVisit({ xMm: 50, yMm: -120 }, 900, () => s.remove('b1'));
    s.hold(400);
    const { events, states } = run(s);
    expect(shots(events)).toHaveLength(0);
    const change = events.find((e) => e.type === 'board-change');
    expect(change).toBeDefined();
    if (change?.type === 'board-change') expect(change.removedIds).toHaveLength(1);
    // No event while the hand is in view.
    const handFrames = states.map((st, i) => (st === 'hand' ? i : -1)).filter((i) => i >= 0);
    expect(handFrames.length).toBeGreaterThan(5);
    const calls = events.filter((e) => e.type === 'board-change' || e.type === 'shot').map((e) => Math.round((e.tMs * 30) / 1000));
    for (const f of calls) expect(handFrames).not.toContain(f);
  });

  it('a piece sinking into a pocket does not hold the call; at crokinole\'s 20 hole it does', () => {
    const s = new Script().add({ id: 'b1', team: 'B', xMm: 150, yMm: 200 }).hold(300);
    s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -280 }));
    s.slide([{ id: 'a1', to: { xMm: 0, yMm: 0 }, ms: 800, thenHole: true }]).hold(500);
    const sunkAt = s.frames.findIndex((f) => f.discs.some((d) => d.inHole));
    const sunkMs = (sunkAt * 1000) / s.fps;
    // The hole taken as a pocket (a piece sinks out of play there); by default only carrom's are.
    const [shot] = shots(run(s, 100, profile, { sinkingHolePrefix: '' }).events);
    expect(shot!.shot.removed).toEqual([{ id: shot!.shot.shotDiscId, reason: 'hole' }]);
    // The frame it vanished on changes where it lay: motion, but over the hole. The call is
    // not before the disc is gone, and comes sooner than the settle time after that frame.
    expect(shot!.tMs).toBeGreaterThanOrEqual(sunkMs);
    expect(shot!.tMs - sunkMs).toBeLessThan(100);
    // Crokinole's 20 hole as it is (a disc may lean at its edge): the settle time runs from that frame.
    const held = shots(run(s).events)[0]!;
    expect(held.tMs - sunkMs).toBeGreaterThanOrEqual(100);
  });

  it('a disc that drops into the hole and one knocked into the ditch are removed, with the reason', () => {
    const s = new Script().add({ id: 'b1', team: 'B', xMm: 150, yMm: 200 }).hold(300);
    s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -280 }));
    s.slide([{ id: 'a1', to: { xMm: 0, yMm: 0 }, ms: 800, thenHole: true }]).hold(500);
    s.handVisit({ xMm: -120, yMm: -300 }, 600, () => s.add({ id: 'a2', team: 'A', xMm: -120, yMm: -280 }));
    // a2 strikes b1 from below-left, b1 goes over the edge into the ditch.
    const dir = { x: 150 - -20, y: 200 - 40 };
    const n = Math.hypot(dir.x, dir.y);
    const contact = { xMm: 150 - (dir.x / n) * r2, yMm: 200 - (dir.y / n) * r2 };
    s.slide([{ id: 'a2', to: contact, ms: 600 }]);
    s.slide([{ id: 'b1', to: { xMm: 150 + (dir.x / n) * 200, yMm: 200 + (dir.y / n) * 200 }, ms: 500 }]).hold(500);
    const found = shots(run(s).events);
    expect(found).toHaveLength(2);
    expect(found[0]!.shot.removed).toEqual([{ id: found[0]!.shot.shotDiscId, reason: 'hole' }]);
    expect(found[0]!.shot.after.discs.map((d) => d.team)).toEqual(['B']);
    const second = found[1]!.shot;
    const b1 = second.before.discs.find((d) => d.team === 'B')!.id;
    expect(second.removed).toEqual([{ id: b1, reason: 'ditch' }]);
    expect(second.hits).toEqual([{ byId: second.shotDiscId, hitId: b1 }]);
    expect(second.after.discs.some((d) => d.id === b1)).toBe(false);
  });

  it('on a mat: a stone knocked off it, and one shot straight off its far end, left the board', () => {
    const s = new Script().add({ id: 'b1', team: 'B', xMm: 60, yMm: -60 }).hold(300);
    s.handVisit({ xMm: 0, yMm: -320 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -300 }));
    // a1 strikes b1 from below-left; b1 slides over the right edge and stops on the table.
    const to = { xMm: 230, yMm: 40 };
    const dir = { x: to.xMm - 60, y: to.yMm + 60 };
    const n = Math.hypot(dir.x, dir.y);
    s.slide([{ id: 'a1', to: { xMm: 60 - (dir.x / n) * r2, yMm: -60 - (dir.y / n) * r2 }, ms: 500 }]);
    s.slide([{ id: 'b1', to, ms: 600 }]).hold(500);
    // a2 is pushed the length of the mat and off its far end.
    s.handVisit({ xMm: -80, yMm: -320 }, 600, () => s.add({ id: 'a2', team: 'A', xMm: -80, yMm: -300 }));
    s.slide([{ id: 'a2', to: { xMm: -80, yMm: 260 }, ms: 900 }]).hold(500);
    const { events, tracker } = run(s, 100, mat);
    const found = shots(events);
    expect(found).toHaveLength(2);
    const first = found[0]!.shot;
    const b1 = first.before.discs.find((d) => d.team === 'B')!.id;
    expect(first.hits).toEqual([{ byId: first.shotDiscId, hitId: b1 }]);
    expect(first.removed).toEqual([{ id: b1, reason: 'off-board' }]);
    expect(first.after.discs.map((d) => d.id)).toEqual([first.shotDiscId]);
    // Called once each stone had stopped on the table beside the mat, not while it slid there.
    expect(found[0]!.tMs).toBeGreaterThanOrEqual(stoppedMs(s, 'b1'));
    expect(found[1]!.tMs).toBeGreaterThanOrEqual(stoppedMs(s, 'a2'));
    const second = found[1]!.shot;
    expect(second.removed).toEqual([{ id: second.shotDiscId, reason: 'off-board' }]);
    expect(second.movedIds).toEqual([second.shotDiscId]);
    expect(second.after.discs.map((d) => d.id)).toEqual([first.shotDiscId]);
    // Nothing is left of either stone: the tracker holds the one stone on the mat.
    expect(tracker.tracks.map((t) => t.id)).toEqual([first.shotDiscId]);
  });

  it('reset() forgets the discs; dispose() makes further use an error', () => {
    const s = new Script().add({ id: 'b1', team: 'B', xMm: 50, yMm: 50 }).hold(200);
    const { tracker } = run(s);
    expect(tracker.tracks).toHaveLength(1);
    tracker.reset({ keepCalibration: true });
    expect(tracker.tracks).toHaveLength(0);
    expect(tracker.state).toBe('at-rest');
    // A frame of another size than the calibration given is refused.
    const small = { index: 0, timestampMs: 0, widthPx: 32, heightPx: 24, luma: new Uint8Array(32 * 24), toFrame: () => ({ data: new Uint8ClampedArray(32 * 24 * 4), widthPx: 32, heightPx: 24, timestampMs: 0 }) };
    expect(() => tracker.push(small)).toThrow(/calibration given/);
    tracker.dispose();
    const holder = { state: s.frames[0]! };
    const frame = play(s, profile, holder).next().value!;
    expect(() => tracker.push(frame)).toThrow(/dispose/);
  });
});

describe('BoardTracker with the camera height set', () => {
  const first = (cameraHeightMm: number) => {
    const tracker = new BoardTracker(noCv, { profile, calibration: syntheticCalibration(profile.id), teamColors: [COLORS.A!, COLORS.B!], detector: truthDetector(() => ({ discs: [], hand: null })), cameraHeightMm });
    const holder: { state: SynthState } = { state: { discs: [], hand: null } };
    const frame = play(new Script().hold(50), profile, holder).next().value!;
    return tracker.push(frame).find((e): e is Extract<TrackerEvent, { type: 'ready' }> => e.type === 'ready')!;
  };

  it('reports the calibration with its camera there: 0.6 px a mm from 1200 mm up is a 720 px focal length', () => {
    const ready = first(1200);
    expect(ready.calibration.camera.givenHeightMm).toBe(1200);
    expect(ready.calibration.camera.centreZMm).toBeCloseTo(1200, 0);
    expect(ready.calibration.camera.focalPx).toBeCloseTo(720, 0);
    expect(ready.warnings).toBeUndefined();
  });

  it('says so when no plausible camera that high sees the board so', () => {
    const ready = first(120);
    expect(ready.calibration.camera.givenHeightMm).toBeUndefined();
    expect(ready.warnings).toEqual(['camera height 120 mm not used: no camera that high with a lens of plausible focal length sees the board as it is seen']);
  });
});

describe('BoardTracker calibrated from a person\'s points', () => {
  const firstEvents = (clickedPoints: { xPx: number; yPx: number; xMm: number; yMm: number }[]) => {
    const tracker = new BoardTracker(noCv, { profile, teamColors: [COLORS.A!, COLORS.B!], detector: truthDetector(() => ({ discs: [], hand: null })), clickedPoints });
    const frame = play(new Script().hold(50), profile, { state: { discs: [], hand: null } }).next().value!;
    return tracker.push(frame);
  };
  // Where the synthetic view shows the board's named points.
  const cal = syntheticCalibration(profile.id);
  const at = (xMm: number, yMm: number) => ({ xPx: cal.boardToImage[0]! * xMm + cal.boardToImage[2]!, yPx: cal.boardToImage[4]! * yMm + cal.boardToImage[5]!, xMm, yMm });

  it('maps the board from them on the first frame (a ringed board: from the points alone, said so)', () => {
    const ready = firstEvents([at(0, 0), at(216, 216), at(-216, 216), at(-216, -216), at(216, -216)]).find((e): e is Extract<TrackerEvent, { type: 'ready' }> => e.type === 'ready')!;
    expect(ready.calibration.method).toBe('manual');
    ready.calibration.boardToImage.forEach((v, i) => expect(v).toBeCloseTo(cal.boardToImage[i]!, 6));
    expect(ready.warnings).toEqual(['calibrated from the points alone (a ringed board keeps the mapping of the points): no lens correction, and every position as far off as the points are']);
  });

  it('says why there is no board when the points make no mapping', () => {
    expect(firstEvents([at(0, 0), at(216, 216), at(-216, 216)])).toEqual([{ type: 'no-board', tMs: 0, reason: 'the points given make no calibration: manual calibration needs at least 4 points, got 3' }]);
  });
});
