import { describe, expect, it } from 'vitest';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import type { MatchState } from '../../core/match-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { nanoCurling, type NanoCurlingOptions } from './index.ts';
import { guardStatus } from './shot.ts';

const profile = BOARD_PROFILES['nano-curling-sheet']!;

// Nano sheet: house edge r = 90, stone r = 16 (in the house while the centre is within 106 mm).
// Second control line y = -350, 3 mm wide: crossed once the centre is past -332.5.
// Back line y = 110, 3 mm: wholly beyond once the centre is past 127.5; touching from 92.5.
// Right edge x = 140, 3 mm: wholly beyond once the centre is past 157.5; touching from 122.5.
// Tolerance: 0.01 mm either side of each boundary; clearances exact to 1e-9 mm.
interface Case {
  description: string;
  input: { xMm?: number; yMm: number; uncertaintyMm?: number; collision?: boolean; releasedBeforeLine?: boolean; options?: Partial<NanoCurlingOptions> };
  expected: { kept: boolean; zone?: string };
}

const cases: Case[] = [
  { description: 'on the button: in the house', input: { yMm: 0 }, expected: { kept: true, zone: 'house' } },
  { description: 'tangent to the blue border: in the house', input: { yMm: -106 }, expected: { kept: true, zone: 'house' } },
  { description: '0.01 mm inside the border reach: in the house', input: { yMm: -105.99 }, expected: { kept: true, zone: 'house' } },
  { description: '0.01 mm clear of the border: out of the house', input: { yMm: -106.01 }, expected: { kept: true, zone: 'out' } },
  { description: '0.01 mm past the second control line: in play', input: { yMm: -332.49 }, expected: { kept: true, zone: 'out' } },
  { description: 'tangent to the second control line: not crossed, removed', input: { yMm: -332.5 }, expected: { kept: false } },
  { description: '0.01 mm on the second control line: removed', input: { yMm: -332.51 }, expected: { kept: false } },
  { description: 'short of the second line after a collision: removed (no exception in the sheet)', input: { yMm: -340, collision: true }, expected: { kept: false } },
  { description: 'short after a collision with the exception turned on: stays', input: { yMm: -340, collision: true, options: { secondLineCollisionException: true } }, expected: { kept: true, zone: 'out' } },
  { description: 'released after the first control line: removed', input: { yMm: 0, releasedBeforeLine: false }, expected: { kept: false } },
  { description: 'touching the back line (0.01 mm short of wholly beyond): stays', input: { yMm: 127.49 }, expected: { kept: true, zone: 'out' } },
  { description: 'wholly beyond the back line, tangent to its far edge: stays (tangent still touches)', input: { yMm: 127.5 }, expected: { kept: true, zone: 'out' } },
  { description: 'wholly beyond the back line by 0.01 mm: removed', input: { yMm: 127.51 }, expected: { kept: false } },
  { description: 'back line "touching" setting: 0.01 mm short of it stays (still biting the house)', input: { yMm: 92.49, options: { backLineOut: 'touching' } }, expected: { kept: true, zone: 'house' } },
  { description: 'back line "touching" setting: tangent is out', input: { yMm: 92.5, options: { backLineOut: 'touching' } }, expected: { kept: false } },
  { description: 'over the right edge but not wholly: stays', input: { xMm: 157.49, yMm: -200 }, expected: { kept: true, zone: 'out' } },
  { description: 'wholly past the right edge by 0.01 mm: removed', input: { xMm: 157.51, yMm: -200 }, expected: { kept: false } },
  { description: 'wholly past the left edge by 0.01 mm: removed', input: { xMm: -157.51, yMm: -200 }, expected: { kept: false } },
  { description: 'side "touching" setting: 0.01 mm clear of the right edge stays', input: { xMm: 122.49, yMm: -200, options: { sideEdgeOut: 'touching' } }, expected: { kept: true, zone: 'out' } },
  { description: 'side "touching" setting: tangent to the right edge is out', input: { xMm: 122.5, yMm: -200, options: { sideEdgeOut: 'touching' } }, expected: { kept: false } },
  { description: 'back line, 0.1 mm beyond measured ± 0.2 mm: too close, stays for a person', input: { yMm: 127.6, uncertaintyMm: 0.2 }, expected: { kept: true, zone: 'out' } },
];

function shotOf(input: Case['input']): ShotEvent {
  const other: DiscState = { id: 'o', team: 'B', xMm: -60, yMm: -250 };
  const s: DiscState = { id: 's', team: 'A', xMm: input.xMm ?? 0, yMm: input.yMm, uncertaintyMm: input.uncertaintyMm ?? 0 };
  const shot: ShotEvent = { shooter: 'A', shotDiscId: 's', before: { discs: [other] }, after: { discs: [other, s] }, movedIds: ['s'], hits: input.collision ? [{ byId: 's', hitId: 'o' }] : [] };
  if (input.releasedBeforeLine !== undefined) shot.delivery = { releasedBeforeLine: input.releasedBeforeLine };
  return shot;
}

describe('nano curling: what a throw means', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const options = { ...nanoCurling.defaultOptions, ...input.options };
    const r = nanoCurling.judgeShot(shotOf(input), { profile, options });
    const kept = r.board.discs.some((d) => d.id === 's');
    const zone = kept ? nanoCurling.callDiscs(r.board, { profile, options }).find((c) => c.id === 's')!.zone : undefined;
    expect(kept ? { kept, zone } : { kept }).toEqual(expected);
  });
});

// Guards: centre inside the free guard zone (between the second control line at y = -350 and the
// centre line at y = 0, between the side edges at x = ±140) and the stone out of the house.
const guardCases: { description: string; input: { xMm: number; yMm: number; uncertaintyMm?: number }; expected: string }[] = [
  { description: 'in front of the house, mid-zone', input: { xMm: 0, yMm: -200 }, expected: 'guard' },
  { description: '0.01 mm clear of the house', input: { xMm: 0, yMm: -106.01 }, expected: 'guard' },
  { description: 'tangent to the house: in the house, not a guard', input: { xMm: 0, yMm: -106 }, expected: 'not' },
  { description: 'beside the house, centre 0.01 mm before the centre line', input: { xMm: 120, yMm: -0.01 }, expected: 'guard' },
  { description: 'beside the house, centre on the centre line', input: { xMm: 120, yMm: 0 }, expected: 'not' },
  { description: 'beside the house, centre 0.01 mm past the centre line', input: { xMm: 120, yMm: 0.01 }, expected: 'not' },
  { description: 'centre 0.01 mm past the second control line', input: { xMm: 0, yMm: -349.99 }, expected: 'guard' },
  { description: 'house edge too close to call (± 0.2 mm)', input: { xMm: 0, yMm: -106.1, uncertaintyMm: 0.2 }, expected: 'unsure' },
  { description: 'centre line too close to call (± 0.2 mm)', input: { xMm: 120, yMm: -0.1, uncertaintyMm: 0.2 }, expected: 'unsure' },
];

describe('nano curling: free guard zone membership', () => {
  it.each(guardCases)('$description -> $expected', ({ input, expected }) => {
    expect(guardStatus({ id: 'g', team: 'A', ...input }, profile)).toBe(expected);
  });
});

describe('nano curling: free guard zone penalty', () => {
  const options = { ...nanoCurling.defaultOptions, freeGuardZone: true };
  const guard: DiscState = { id: 'g', team: 'A', xMm: 0, yMm: -200 };
  const inHouse: DiscState = { id: 'h', team: 'A', xMm: 40, yMm: 20 };
  const matchAt = (shotsThisRound: number) => ({ shotsThisRound, custom: { phase: 'play', questions: [] } }) as unknown as MatchState;
  // B's stone knocks the guard off the back of the sheet and stops in the house; the house stone is nudged.
  const takeout: ShotEvent = {
    shooter: 'B',
    shotDiscId: 't',
    before: { discs: [guard, inHouse] },
    after: { discs: [{ ...inHouse, xMm: 45 }, { id: 't', team: 'B', xMm: 0, yMm: 0 }] },
    movedIds: ['t', 'g', 'h'],
    hits: [{ byId: 't', hitId: 'g' }, { byId: 'g', hitId: 'h' }],
    removed: [{ id: 'g', reason: 'back-line' }],
  };

  it('throw 2 knocks a guard out: every moved stone goes back and the thrown stone is removed', () => {
    const r = nanoCurling.judgeShot(takeout, { profile, options, match: matchAt(1) });
    expect(r.valid).toBe(false);
    expect(r.board.discs).toEqual([guard, inHouse]);
    expect(r.removedIds).toEqual([{ id: 't', rule: 'free guard zone' }]);
    expect(r.notes.at(-1)).toMatch(/free guard zone \(throw 2\): g knocked out of play/);
  });

  it('stones the throw did not move keep where they are after the restore', () => {
    const far: DiscState = { id: 'f', team: 'A', xMm: -100, yMm: -300 };
    const shot: ShotEvent = { ...takeout, before: { discs: [guard, inHouse, far] }, after: { discs: [...takeout.after.discs, { ...far, xMm: -100.3 }] } };
    const r = nanoCurling.judgeShot(shot, { profile, options, match: matchAt(1) });
    expect(r.board.discs).toEqual([guard, inHouse, { ...far, xMm: -100.3 }]);
  });

  it('throw 3 may knock a guard out; so may any throw with the rule off', () => {
    const third = nanoCurling.judgeShot(takeout, { profile, options, match: matchAt(2) });
    expect(third.valid).toBe(true);
    expect(third.board.discs.map((d) => d.id)).toEqual(['h', 't']);
    const off = nanoCurling.judgeShot(takeout, { profile, options: nanoCurling.defaultOptions, match: matchAt(1) });
    expect(off.board.discs.map((d) => d.id)).toEqual(['h', 't']);
  });

  it('moving a guard is allowed, and so is knocking out a stone in the house', () => {
    const nudge: ShotEvent = { ...takeout, after: { discs: [{ ...guard, yMm: -150 }, inHouse, { id: 't', team: 'B', xMm: 0, yMm: -260 }] }, removed: [] };
    expect(nanoCurling.judgeShot(nudge, { profile, options, match: matchAt(1) }).valid).toBe(true);
    const houseOut: ShotEvent = { ...takeout, after: { discs: [guard, { id: 't', team: 'B', xMm: 0, yMm: 0 }] }, removed: [{ id: 'h', reason: 'back-line' }] };
    const r = nanoCurling.judgeShot(houseOut, { profile, options, match: matchAt(1) });
    expect(r.valid).toBe(true);
    expect(r.board.discs.map((d) => d.id)).toEqual(['g', 't']);
  });

  it('a one-off ruling reads the throw from delivery.throwInEnd, and says so when it is missing', () => {
    const r = nanoCurling.judgeShot({ ...takeout, delivery: { throwInEnd: 2 } }, { profile, options });
    expect(r.valid).toBe(false);
    const unknown = nanoCurling.judgeShot(takeout, { profile, options });
    expect(unknown.valid).toBe(true);
    expect(unknown.notes.at(-1)).toBe('throw of the end unknown: free guard zone not checked');
  });

  it('a knocked-out stone too close to call as a guard is left as it lies, for a person', () => {
    const edge: DiscState = { id: 'g', team: 'A', xMm: 0, yMm: -106.1, uncertaintyMm: 0.2 };
    const r = nanoCurling.judgeShot({ ...takeout, before: { discs: [edge, inHouse] } }, { profile, options, match: matchAt(1) });
    expect(r.valid).toBe(true);
    expect(r.notes.at(-1)).toMatch(/too close to call whether it was a guard/);
  });
});
