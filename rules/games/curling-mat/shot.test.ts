import { describe, expect, it } from 'vitest';
import type { DiscState, ShotEvent } from '../../core/board-state.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { deliveryFacts } from './delivery.ts';
import { curlingMat, type CurlingMatOptions } from './index.ts';

const profile = BOARD_PROFILES['curling-mat']!;

// Curling mat: hog line at y = -170, 5 mm wide (far edge at -167.5); stone r = 20 mm, so a stone
// has crossed with its whole circumference once its centre is past y = -147.5. Mat: x in
// [-160, 160], y in [-770, 150]; by default a stone is off the mat once its centre is on or past
// the edge. Tolerance: positions 0.01 mm either side of each boundary; clearances exact to 1e-9.
const CROSSED_Y = -147.5;
const guard: DiscState = { id: 'g', team: 'B', xMm: 60, yMm: -120 };

interface ShotCase {
  description: string;
  input: {
    xMm?: number;
    yMm: number;
    uncertaintyMm?: number;
    collision?: boolean;
    releasedBeforeLine?: boolean;
    reported?: boolean;
    options?: Partial<CurlingMatOptions>;
  };
  expected: { kept: boolean; valid: boolean; question: boolean };
}

const cases: ShotCase[] = [
  { description: 'in the house: crossed, stays', input: { yMm: 0 }, expected: { kept: true, valid: true, question: false } },
  { description: 'whole stone 0.01 mm past the hog line: stays', input: { yMm: CROSSED_Y + 0.01 }, expected: { kept: true, valid: true, question: false } },
  { description: 'back edge tangent to the hog line: not crossed, removed', input: { yMm: CROSSED_Y }, expected: { kept: false, valid: false, question: false } },
  { description: 'back edge 0.01 mm on the hog line: removed', input: { yMm: CROSSED_Y - 0.01 }, expected: { kept: false, valid: false, question: false } },
  { description: 'centred on the hog line: removed', input: { yMm: -170 }, expected: { kept: false, valid: false, question: false } },
  { description: 'stopped well short of the hog line: removed', input: { yMm: -300 }, expected: { kept: false, valid: false, question: false } },
  { description: 'on the hog line but a collision stopped it: stays', input: { yMm: CROSSED_Y - 0.01, collision: true }, expected: { kept: true, valid: true, question: false } },
  { description: 'short after a collision, exception turned off: removed', input: { yMm: -200, collision: true, options: { hogLineCollisionException: false } }, expected: { kept: false, valid: false, question: false } },
  { description: '0.1 mm past, measured ± 0.2 mm: too close, stays for a person', input: { yMm: CROSSED_Y + 0.1, uncertaintyMm: 0.2 }, expected: { kept: true, valid: true, question: true } },
  { description: '0.1 mm on the line, measured ± 0.2 mm: too close, stays for a person', input: { yMm: CROSSED_Y - 0.1, uncertaintyMm: 0.2 }, expected: { kept: true, valid: true, question: true } },
  { description: '0.21 mm past, measured ± 0.2 mm: crossed', input: { yMm: CROSSED_Y + 0.21, uncertaintyMm: 0.2 }, expected: { kept: true, valid: true, question: false } },
  { description: 'hog-line rule off (casual): short stone stays', input: { yMm: -300, options: { hogLineRule: false } }, expected: { kept: true, valid: true, question: false } },
  { description: 'released after the release line: removed', input: { yMm: 0, releasedBeforeLine: false }, expected: { kept: false, valid: false, question: false } },
  { description: 'late release with the penalty off: stays, still a foul', input: { yMm: 0, releasedBeforeLine: false, options: { lateReleaseRemoved: false } }, expected: { kept: true, valid: false, question: false } },
  { description: 'centre 0.01 mm inside the side edge: on the mat', input: { xMm: 159.99, yMm: -100 }, expected: { kept: true, valid: true, question: false } },
  { description: 'centre on the side edge: tipped onto the table, removed', input: { xMm: 160, yMm: -100 }, expected: { kept: false, valid: true, question: false } },
  { description: 'centre 0.01 mm past the side edge: removed', input: { xMm: 160.01, yMm: -100 }, expected: { kept: false, valid: true, question: false } },
  { description: 'centre 0.01 mm inside the far edge: on the mat', input: { yMm: 149.99 }, expected: { kept: true, valid: true, question: false } },
  { description: 'strict edge: 0.01 mm of overhang is off the mat', input: { xMm: 140.01, yMm: -100, options: { offMatWhen: 'overhanging' } }, expected: { kept: false, valid: true, question: false } },
  { description: 'strict edge: 0.01 mm inside the edge stays', input: { xMm: 139.99, yMm: -100, options: { offMatWhen: 'overhanging' } }, expected: { kept: true, valid: true, question: false } },
  { description: 'tracker saw it touch the table off the mat: removed', input: { yMm: 0, reported: true }, expected: { kept: false, valid: true, question: false } },
];

function shotFor(input: ShotCase['input']): ShotEvent {
  const s: DiscState = { id: 's', team: 'A', xMm: input.xMm ?? 0, yMm: input.yMm, uncertaintyMm: input.uncertaintyMm ?? 0 };
  const shot: ShotEvent = {
    shooter: 'A',
    shotDiscId: 's',
    before: { discs: [guard] },
    after: { discs: input.reported ? [guard] : [guard, s] },
    movedIds: ['s'],
    hits: input.collision ? [{ byId: 's', hitId: 'g' }] : [],
  };
  if (input.reported) shot.removed = [{ id: 's', reason: 'off-board' }];
  if (input.releasedBeforeLine !== undefined) shot.delivery = { releasedBeforeLine: input.releasedBeforeLine };
  return shot;
}

describe('curling mat: what a push means', () => {
  it.each(cases)('$description', ({ input, expected }) => {
    const options = { ...curlingMat.defaultOptions, ...input.options };
    const r = curlingMat.judgeShot(shotFor(input), { profile, options });
    const kept = r.board.discs.some((d) => d.id === 's');
    const question = deliveryFacts(r).questions.some((q) => q.id === 's');
    expect({ kept, valid: r.valid, question }).toEqual(expected);
    expect(r.board.discs.some((d) => d.id === 'g')).toBe(true);
    if (!kept) expect(r.removedIds.map((x) => x.id)).toContain('s');
  });

  it('the hog-line rule is for the played stone only: a stone knocked back short of it stays', () => {
    const g: DiscState = { id: 'g', team: 'B', xMm: 0, yMm: -140 };
    const shot: ShotEvent = {
      shooter: 'A',
      shotDiscId: 's',
      before: { discs: [g] },
      after: { discs: [{ ...g, yMm: -250 }, { id: 's', team: 'A', xMm: 0, yMm: -100 }] },
      movedIds: ['s', 'g'],
      hits: [{ byId: 's', hitId: 'g' }],
    };
    const r = curlingMat.judgeShot(shot, { profile, options: curlingMat.defaultOptions });
    expect(r.board.discs.map((d) => d.id).sort()).toEqual(['g', 's']);
  });

  it('any stone knocked off the mat is removed, and a stone the camera lost is out', () => {
    const a: DiscState = { id: 'a', team: 'A', xMm: 0, yMm: 0 };
    const b: DiscState = { id: 'b', team: 'B', xMm: 30, yMm: 0 };
    const shot: ShotEvent = {
      shooter: 'B',
      shotDiscId: 's',
      before: { discs: [a, b] },
      after: { discs: [{ ...a, xMm: 170 }, { id: 's', team: 'B', xMm: 0, yMm: 10 }] },
      movedIds: ['s', 'a', 'b'],
    };
    const r = curlingMat.judgeShot(shot, { profile, options: curlingMat.defaultOptions });
    expect(r.board.discs.map((d) => d.id)).toEqual(['s']);
    expect(r.removedIds.map((x) => x.id).sort()).toEqual(['a', 'b']);
    expect(r.notes.join('\n')).toMatch(/b not seen at rest/);
  });

  it('a too-close hog-line call is a question: a person ruling "touching" takes the stone off at the next shot', () => {
    const first = shotFor({ yMm: CROSSED_Y + 0.1, uncertaintyMm: 0.2 });
    const r1 = curlingMat.judgeShot(first, { profile, options: curlingMat.defaultOptions });
    const questions = deliveryFacts(r1).questions;
    expect(questions).toMatchObject([{ id: 's', removeIf: 'touching' }]);
    const next: ShotEvent = {
      shooter: 'B',
      shotDiscId: 't',
      before: r1.board,
      after: { discs: [...r1.board.discs, { id: 't', team: 'B', xMm: 0, yMm: 20 }] },
      movedIds: ['t'],
    };
    const match = { custom: { questions } } as never;
    const ruled = curlingMat.judgeShot(next, { profile, options: curlingMat.defaultOptions, match, decisions: [{ discId: 's', call: 'touching' }] });
    expect(ruled.board.discs.map((d) => d.id).sort()).toEqual(['g', 't']);
    const kept = curlingMat.judgeShot(next, { profile, options: curlingMat.defaultOptions, match, decisions: [{ discId: 's', call: 'clear' }] });
    expect(kept.board.discs.map((d) => d.id).sort()).toEqual(['g', 's', 't']);
  });
});
