import { describe, expect, it } from 'vitest';
import { joinQuads } from './joined-quads.ts';
import type { Point } from './coarse-quads.ts';

const O = { maxOffsetFraction: 0.01, maxAngleDeg: 2 };
const round = (q: Point[] | null) => q?.map((p) => [Math.round(p.x * 10) / 10 + 0, Math.round(p.y * 10) / 10 + 0]);

/** A board 100 px wide from y = 0 to y = 600, cut by an arm from y = 250 to y = 330 (corners anticlockwise on screen). */
const top: Point[] = [{ x: 0, y: 0 }, { x: 0, y: 250 }, { x: 100, y: 250 }, { x: 100, y: 0 }];
const bottom: Point[] = [{ x: 0, y: 330 }, { x: 0, y: 600 }, { x: 100, y: 600 }, { x: 100, y: 330 }];

describe('joinQuads: the two parts of a board cut by an arm', () => {
  it('joins the parts end to end into the whole board, either way round', () => {
    expect(round(joinQuads(top, bottom, O))).toEqual([[0, 0], [0, 600], [100, 600], [100, 0]]);
    const joined = round(joinQuads(bottom, top, O))!;
    expect(joined).toHaveLength(4);
    for (const c of [[0, 0], [0, 600], [100, 600], [100, 0]]) expect(joined).toContainEqual(c);
  });

  it('joins parts whose corners run round them from another corner or the other way', () => {
    const shifted = [bottom[2]!, bottom[3]!, bottom[0]!, bottom[1]!];
    const reversed = [...bottom].reverse();
    for (const b of [shifted, reversed]) {
      const joined = round(joinQuads(top, b, O))!;
      for (const c of [[0, 0], [0, 600], [100, 600], [100, 0]]) expect(joined).toContainEqual(c);
    }
  });

  it('takes the far ends on slanted sides (a board seen in perspective)', () => {
    // Sides from (0,0)-(20,600) and (100,0)-(90,600): each part's sides lie on those lines.
    const x1 = (y: number) => (20 * y) / 600;
    const x2 = (y: number) => 100 - (10 * y) / 600;
    const a: Point[] = [{ x: 0, y: 0 }, { x: x1(250), y: 250 }, { x: x2(250), y: 250 }, { x: 100, y: 0 }];
    const b: Point[] = [{ x: x1(330), y: 330 }, { x: 20, y: 600 }, { x: 90, y: 600 }, { x: x2(330), y: 330 }];
    expect(round(joinQuads(a, b, O))).toEqual([[0, 0], [20, 600], [90, 600], [100, 0]]);
  });

  it("does not join parts off each other's lines: 1% of the joined length is the bound", () => {
    const off = (dx: number) => bottom.map((p) => (p.x === 0 ? { ...p, x: p.x + dx } : p));
    expect(joinQuads(top, off(5), O)).not.toBeNull(); // 5 px from the line over 600 px: within 6
    expect(joinQuads(top, off(7), O)).toBeNull(); // 7 px: beyond
  });

  it('does not join sides turned away from each other (2 degrees at most)', () => {
    // The bottom part's left side turned 3 degrees about its top end.
    const t = Math.tan((3 * Math.PI) / 180);
    const turned = bottom.map((p) => (p.x === 0 ? { ...p, x: (p.y - 330) * t } : p));
    expect(joinQuads(top, turned, O)).toBeNull();
  });

  it('does not join a quad with one lying inside it, nor one off its lines', () => {
    const inner: Point[] = [{ x: 0, y: 50 }, { x: 0, y: 200 }, { x: 100, y: 200 }, { x: 100, y: 50 }];
    expect(joinQuads(top, inner, O)).toBeNull();
    const lower: Point[] = [{ x: 100, y: 20 }, { x: 100, y: 270 }, { x: 200, y: 270 }, { x: 200, y: 20 }];
    expect(joinQuads(top, lower, O)).toBeNull();
  });

  it('joins parts that touch (a thin arm): the join is a guess, scored like any other', () => {
    const beside: Point[] = [{ x: 100, y: 0 }, { x: 100, y: 250 }, { x: 200, y: 250 }, { x: 200, y: 0 }];
    const joined = round(joinQuads(top, beside, O))!;
    for (const c of [[0, 0], [0, 250], [200, 250], [200, 0]]) expect(joined).toContainEqual(c);
  });
});
