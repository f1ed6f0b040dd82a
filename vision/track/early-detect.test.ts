/**
 * Detection ahead of the call: it runs while the settle time passes, so the call does not
 * wait for it; the call stays where the settle time puts it; where a disc crept on after the
 * detection (too slowly for the frame-to-frame test) that place is detected again.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { CV } from '../opencv/load-opencv.ts';
import { BoardTracker } from './board-tracker.ts';
import type { TrackOptions } from './defaults.ts';
import type { BoxMm } from './region-detect.ts';
import { COLORS, play, Script, syntheticCalibration, truthDetector, type SynthState } from './synthetic-frames.ts';
import type { TrackerEvent } from './types.ts';

const profile = BOARD_PROFILES['crokinole-nca-26in']!;
const noCv = {} as CV;

interface Run {
  events: TrackerEvent[];
  /** Detector calls: the frame's time and the boxes asked for (null: the whole board). */
  calls: { tMs: number; boxes: BoxMm[] | null }[];
  /** Where each disc truly was on each frame (by time). */
  truthAt: Map<number, SynthState>;
  /** The tracker's state after each frame (by time). */
  stateAt: Map<number, string>;
}

/** `drop`: detections the detector is to miss on a call (a disc lost to one frame's noise). */
function run(script: Script, track: Partial<TrackOptions> = {}, drop?: (tMs: number, boxes: BoxMm[] | null, state: SynthState) => (d: { xMm: number; yMm: number }) => boolean): Run {
  const holder: { state: SynthState } = { state: { discs: [], hand: null } };
  const truth = truthDetector(() => holder.state);
  const calls: Run['calls'] = [];
  let tMs = 0;
  const tracker = new BoardTracker(noCv, {
    profile,
    calibration: syntheticCalibration(profile.id),
    teamColors: [COLORS.A!, COLORS.B!],
    detector: (input) => {
      calls.push({ tMs, boxes: input.boxes });
      const found = truth(input);
      const dropped = drop?.(tMs, input.boxes, holder.state);
      return dropped ? found.filter((d) => !dropped(d)) : found;
    },
    track,
  });
  const events: TrackerEvent[] = [];
  const truthAt = new Map<number, SynthState>();
  const stateAt = new Map<number, string>();
  for (const f of play(script, profile, holder)) {
    tMs = f.timestampMs;
    truthAt.set(tMs, structuredClone(holder.state));
    events.push(...tracker.push(f));
    stateAt.set(tMs, tracker.state);
  }
  return { events, calls, truthAt, stateAt };
}

const shotOf = (r: Run) => {
  const s = r.events.filter((e): e is Extract<TrackerEvent, { type: 'shot' }> => e.type === 'shot');
  expect(s).toHaveLength(1);
  return s[0]!;
};

/** A disc put down and flicked to (10, -50); then, with `creepMm`, creeping on that far in y. */
function flick(creepMm = 0, fps = 30): Script {
  const s = new Script(fps).add({ id: 'b1', team: 'B', xMm: -120, yMm: 120 }).hold(300);
  s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -280 }));
  s.slide([{ id: 'a1', to: { xMm: 10, yMm: -50 }, ms: 900 }]);
  if (creepMm > 0) s.slide([{ id: 'a1', to: { xMm: 10, yMm: -50 + creepMm }, ms: 300 }]);
  return s.hold(600);
}

describe('detection ahead of the call', () => {
  it('runs while the settle time passes: the call is where the settle time puts it, with no detection of its own', () => {
    const ahead = run(flick());
    const atCall = run(flick(), { earlyDetectMs: Infinity });
    const shot = shotOf(ahead);
    // The call does not move: the settle time alone decides when it is made.
    expect(shot.tMs).toBe(shotOf(atCall).tMs);
    expect(shot.board).toEqual(shotOf(atCall).board);
    // The discs were detected on an earlier frame, not on the frame of the call.
    const before = ahead.calls.filter((c) => c.tMs > 0 && c.tMs <= shot.tMs);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((c) => c.tMs < shot.tMs)).toBe(true);
    expect(shot.tMs - before.at(-1)!.tMs).toBeGreaterThanOrEqual(30);
    expect(atCall.calls.filter((c) => c.tMs > 0).at(-1)!.tMs).toBe(shot.tMs);
    const a1 = shot.board.discs.find((d) => d.id === shot.shot.shotDiscId)!;
    expect(a1.xMm).toBeCloseTo(10, 1);
    expect(a1.yMm).toBeCloseTo(-50, 1);
  });

  it('a disc creeping on after the frame-to-frame test lost it: the call waits until it stops, and has it where it stopped', () => {
    const r = run(flick(3));
    const shot = shotOf(r);
    const a1 = shot.board.discs.find((d) => d.id === shot.shot.shotDiscId)!;
    const times = [...r.truthAt.keys()];
    const at = (tMs: number) => r.truthAt.get(tMs)!.discs.find((d) => d.id === 'a1');
    const stoppedMs = times.filter((t, i) => i > 0 && at(t) && at(times[i - 1]!) && (at(t)!.xMm !== at(times[i - 1]!)!.xMm || at(t)!.yMm !== at(times[i - 1]!)!.yMm)).at(-1)!;
    // The frame-to-frame test lost it well before it stopped: that alone would have called early.
    const early = run(flick(3), { creepThreshold: 255 });
    expect(shotOf(early).tMs).toBeLessThan(stoppedMs);
    expect(shot.tMs).toBeGreaterThanOrEqual(stoppedMs);
    // Where it stopped, give or take the last fraction of a millimetre it crept after the detection.
    expect(Math.hypot(a1.xMm - 10, a1.yMm - -47)).toBeLessThan(0.3);
  });

  it('a disc that crept on after the detection (too little for the still test) is detected again where it went, and only there', () => {
    // The still test is left out: it would hold the call until the disc stopped.
    const r = run(flick(3), { creepThreshold: 255 });
    const shot = shotOf(r);
    const a1 = shot.board.discs.find((d) => d.id === shot.shot.shotDiscId)!;
    const where = (tMs: number) => r.truthAt.get(tMs)!.discs.find((d) => d.id === 'a1')!;
    const ahead = r.calls.filter((c) => c.tMs > 0 && c.tMs < shot.tMs).at(-1)!;
    // It crept on between the detection ahead and the call...
    expect(Math.hypot(where(shot.tMs).xMm - where(ahead.tMs).xMm, where(shot.tMs).yMm - where(ahead.tMs).yMm)).toBeGreaterThan(0.5);
    // ... and the call has it where it was at the call, not where the detection ahead saw it.
    expect(Math.hypot(a1.xMm - where(shot.tMs).xMm, a1.yMm - where(shot.tMs).yMm)).toBeLessThan(0.2);
    // Detected again there only: the disc at rest far away (b1) is in no box at the call.
    const atCall = r.calls.filter((c) => c.tMs === shot.tMs);
    expect(atCall).toHaveLength(1);
    const boxes = atCall[0]!.boxes!;
    const inBox = (p: { xMm: number; yMm: number }) => boxes.some((b) => p.xMm >= b.minXMm && p.xMm <= b.maxXMm && p.yMm >= b.minYMm && p.yMm <= b.maxYMm);
    expect(inBox(a1)).toBe(true);
    expect(inBox({ xMm: -120, yMm: 120 })).toBe(false);
  });

  it('a disc that stopped while another still moves is detected before the board is still, and not again at the call', () => {
    // a1 is flicked into b1: b1 stops after 300 ms, a1 slides on for a second more, far away.
    const script = () => {
      const s = new Script().add({ id: 'b1', team: 'B', xMm: -120, yMm: 120 }).add({ id: 'b2', team: 'B', xMm: 150, yMm: -100 }).hold(300);
      s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -280 }));
      s.slide([
        { id: 'b1', to: { xMm: -160, yMm: 160 }, ms: 300 },
        { id: 'a1', to: { xMm: 60, yMm: 200 }, ms: 1300 },
      ]);
      return s.hold(600);
    };
    const r = run(script());
    const shot = shotOf(r);
    const atRest = shot.board.discs.find((d) => d.team === 'B' && d.xMm < 0)!;
    expect(Math.hypot(atRest.xMm - -160, atRest.yMm - 160)).toBeLessThan(0.2);
    const a1 = shot.board.discs.find((d) => d.id === shot.shot.shotDiscId)!;
    expect(Math.hypot(a1.xMm - 60, a1.yMm - 200)).toBeLessThan(0.2);
    const aStops = [...r.truthAt.keys()].find((t) => { const d = r.truthAt.get(t)!.discs.find((x) => x.id === 'a1'); return d !== undefined && Math.hypot(d.xMm - 60, d.yMm - 200) < 1e-6; })!;
    const inBox = (boxes: BoxMm[] | null, p: { xMm: number; yMm: number }) => boxes === null || boxes.some((b) => p.xMm >= b.minXMm && p.xMm <= b.maxXMm && p.yMm >= b.minYMm && p.yMm <= b.maxYMm);
    // b1 was looked at where it stopped while a1 still moved...
    const whileMoving = r.calls.filter((c) => c.tMs > 0 && c.tMs < aStops && inBox(c.boxes, { xMm: -160, yMm: 160 }));
    expect(whileMoving.length).toBeGreaterThan(0);
    for (const c of whileMoving) expect(inBox(c.boxes, { xMm: 60, yMm: 200 })).toBe(false);
    // ... and not again once a1 stopped: what was left to do then is a1's place.
    const after = r.calls.filter((c) => c.tMs >= aStops);
    expect(after.length).toBeGreaterThan(0);
    for (const c of after) expect(inBox(c.boxes, { xMm: -160, yMm: 160 })).toBe(false);
    // Without it, b1's place waits for the board to be still.
    const off = run(script(), { aheadQuietMs: Infinity });
    expect(off.calls.filter((c) => c.tMs > 0 && c.tMs < aStops && inBox(c.boxes, { xMm: -160, yMm: 160 }))).toHaveLength(0);
    expect(shotOf(off).board).toEqual(shot.board);
  });

  it('a disc that stopped next to one still moving is detected while that one moves, and at the call only the other is', () => {
    // b1 is knocked a little way and stops; a1 slides on past it, 80 mm to its side, and
    // stops near it: their boxes touch (they merge) the whole time.
    const script = () => {
      const s = new Script().add({ id: 'b1', team: 'B', xMm: -120, yMm: 120 }).add({ id: 'a1', team: 'A', xMm: -40, yMm: -40 }).hold(300);
      s.slide([
        { id: 'b1', to: { xMm: -160, yMm: 160 }, ms: 300 },
        { id: 'a1', to: { xMm: -40, yMm: 260 }, ms: 1300 },
      ]);
      return s.hold(600);
    };
    const inBox = (boxes: BoxMm[] | null, p: { xMm: number; yMm: number }) => boxes === null || boxes.some((b) => p.xMm >= b.minXMm && p.xMm <= b.maxXMm && p.yMm >= b.minYMm && p.yMm <= b.maxYMm);
    const b1 = { xMm: -160, yMm: 160 };
    const r = run(script());
    const shot = shotOf(r);
    const of = (team: string) => shot.board.discs.find((d) => d.team === team)!;
    expect(Math.hypot(of('B').xMm - b1.xMm, of('B').yMm - b1.yMm)).toBeLessThan(0.2);
    expect(Math.hypot(of('A').xMm - -40, of('A').yMm - 260)).toBeLessThan(0.2);
    const aStops = [...r.truthAt.keys()].find((t) => { const d = r.truthAt.get(t)!.discs.find((x) => x.id === 'a1')!; return Math.hypot(d.xMm - -40, d.yMm - 260) < 1e-6; })!;
    // b1 was looked at where it stopped while a1 still moved (a1 not in those boxes) ...
    const whileMoving = r.calls.filter((c) => c.tMs > 0 && c.tMs < aStops && inBox(c.boxes, b1));
    expect(whileMoving.length).toBeGreaterThan(0);
    for (const c of whileMoving) expect(inBox(c.boxes, { xMm: -40, yMm: 260 })).toBe(false);
    // ... and not again once a1 stopped, though its box and a1's merge into one.
    const after = r.calls.filter((c) => c.tMs >= aStops);
    expect(after.some((c) => inBox(c.boxes, { xMm: -40, yMm: 260 }))).toBe(true);
    for (const c of after) expect(inBox(c.boxes, b1)).toBe(false);
    // The same board as detecting it all at the call.
    expect(shot.board).toEqual(shotOf(run(script(), { earlyDetectMs: Infinity, aheadQuietMs: Infinity })).board);
  }, 180_000);

  it('a disc a hand was over is looked at again once the hand has gone, while the disc it put down still slides', () => {
    // The hand puts a1 down next to b2 (its zone covers b2), then a1 slides a second away.
    const script = () => {
      const s = new Script().add({ id: 'b1', team: 'B', xMm: -120, yMm: 120 }).add({ id: 'b2', team: 'B', xMm: -70, yMm: -230 }).hold(200);
      s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -280 }));
      s.slide([{ id: 'a1', to: { xMm: 60, yMm: 150 }, ms: 1000 }]);
      return s.hold(400);
    };
    const inBox = (boxes: BoxMm[] | null, p: { xMm: number; yMm: number }) => boxes === null || boxes.some((b) => p.xMm >= b.minXMm && p.xMm <= b.maxXMm && p.yMm >= b.minYMm && p.yMm <= b.maxYMm);
    const b2 = { xMm: -70, yMm: -230 };
    const r = run(script());
    const shot = shotOf(r);
    const aStops = [...r.truthAt.keys()].find((t) => { const d = r.truthAt.get(t)!.discs.find((x) => x.id === 'a1'); return d !== undefined && Math.hypot(d.xMm - 60, d.yMm - 150) < 1e-6; })!;
    // Looked at while a1 still slid (the hand gone) ...
    expect(r.calls.filter((c) => c.tMs > 0 && c.tMs < aStops && inBox(c.boxes, b2)).length).toBeGreaterThan(0);
    // ... and not again once a1 stopped: only a1's place was left then.
    const after = r.calls.filter((c) => c.tMs >= aStops);
    expect(after.some((c) => inBox(c.boxes, { xMm: 60, yMm: 150 }))).toBe(true);
    for (const c of after) expect(inBox(c.boxes, b2)).toBe(false);
    // b2 stays where it was; the same board as detecting it all at the call.
    expect(shot.board.discs.filter((d) => d.team === 'B' && Math.hypot(d.xMm - b2.xMm, d.yMm - b2.yMm) < 0.2)).toHaveLength(1);
    expect(shot.board).toEqual(shotOf(run(script(), { earlyDetectMs: Infinity, aheadQuietMs: Infinity })).board);
  }, 180_000);

  it('a disc the paths saw stop where the detection ahead found nothing is looked for once more before the call', () => {
    const inBox = (boxes: BoxMm[] | null, p: { xMm: number; yMm: number }) => boxes === null || boxes.some((b) => p.xMm >= b.minXMm && p.xMm <= b.maxXMm && p.yMm >= b.minYMm && p.yMm <= b.maxYMm);
    const at = { xMm: 10, yMm: -50 };
    let missedMs: number | null = null;
    // The first look where a1 stopped misses it.
    const r = run(flick(), {}, (tMs, boxes, state) => {
      const a1 = state.discs.find((d) => d.id === 'a1');
      if (missedMs !== null || !a1 || Math.hypot(a1.xMm - at.xMm, a1.yMm - at.yMm) > 0.5 || !inBox(boxes, at)) return () => false;
      missedMs = tMs;
      return (d) => Math.hypot(d.xMm - at.xMm, d.yMm - at.yMm) < 5;
    });
    expect(missedMs).not.toBeNull();
    const shot = shotOf(r);
    const a1 = shot.board.discs.find((d) => d.id === shot.shot.shotDiscId);
    expect(a1).toBeDefined();
    expect(Math.hypot(a1!.xMm - at.xMm, a1!.yMm - at.yMm)).toBeLessThan(0.5);
    // Looked at there again after the miss, before the call.
    expect(r.calls.filter((c) => c.tMs > missedMs! && c.tMs <= shot.tMs && inBox(c.boxes, at)).length).toBeGreaterThanOrEqual(1);
  });

  it('the look at a still board starts as soon as it has been still long enough, not put off by a look made while things moved', () => {
    const inBox = (boxes: BoxMm[] | null, p: { xMm: number; yMm: number }) => boxes === null || boxes.some((b) => p.xMm >= b.minXMm && p.xMm <= b.maxXMm && p.yMm >= b.minYMm && p.yMm <= b.maxYMm);
    // At 60 fps the looks made while things move come every other frame (earlyRefreshMs):
    // whichever frame the last one fell on, the look at the still board is not put off. The
    // disc slides at a steady 20 mm a frame and stops dead (no residual, no creep).
    for (const steps of [10, 11]) {
      const s = new Script(60).add({ id: 'b1', team: 'B', xMm: -120, yMm: 120 }).hold(300);
      s.handVisit({ xMm: 0, yMm: -300 }, 600, () => s.add({ id: 'a1', team: 'A', xMm: 0, yMm: -280 }));
      s.hold(400);
      const a1 = s.state.discs.find((d) => d.id === 'a1')!;
      for (let i = 0; i < steps; i++) {
        a1.yMm += 20;
        s.hold(1000 / 60);
      }
      const at = { xMm: a1.xMm, yMm: a1.yMm };
      s.hold(600);
      const r = run(s);
      const shot = shotOf(r);
      const times = [...r.stateAt.keys()];
      const lastMoving = times.filter((t) => t < shot.tMs && r.stateAt.get(t) === 'moving').at(-1)!;
      const firstLook = r.calls.find((c) => c.tMs > lastMoving && inBox(c.boxes, at))!;
      expect(firstLook, `${steps} steps`).toBeDefined();
      // The first frame at least earlyDetectMs (30) after the last motion.
      expect(firstLook.tMs - lastMoving, `${steps} steps`).toBeLessThan(30 + 1000 / 60);
    }
  });

  it('a creeping disc: the still time, started again from the frame it last changed on, still waits until it stopped', () => {
    const stopMs = (r: Run) => {
      const times = [...r.truthAt.keys()];
      const at = (tMs: number) => r.truthAt.get(tMs)!.discs.find((d) => d.id === 'a1');
      return times.filter((t, i) => i > 0 && at(t) && at(times[i - 1]!) && (at(t)!.xMm !== at(times[i - 1]!)!.xMm || at(t)!.yMm !== at(times[i - 1]!)!.yMm)).at(-1)!;
    };
    for (const creepMm of [3, 4, 6]) {
      const r = run(flick(creepMm));
      const shot = shotOf(r);
      expect(shot.tMs, `creep ${creepMm} mm`).toBeGreaterThanOrEqual(stopMs(r));
      // Never later than counting from the frame the creep was seen on (the rule before).
      expect(shot.tMs).toBeLessThanOrEqual(shotOf(run(flick(creepMm), { creepStoppedThreshold: -1 })).tMs);
      const a1 = shot.board.discs.find((d) => d.id === shot.shot.shotDiscId)!;
      expect(Math.hypot(a1.xMm - 10, a1.yMm - (-50 + creepMm))).toBeLessThan(0.3);
    }
  });
});
