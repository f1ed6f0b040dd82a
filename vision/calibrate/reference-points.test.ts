import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { parseClickedPoints } from './manual.ts';
import { referencePoints } from './reference-points.ts';

describe('points a person can click, by name', () => {
  it.each(Object.keys(BOARD_PROFILES))('%s: named once each, on the board, at least four', (id) => {
    const profile = BOARD_PROFILES[id]!;
    const points = referencePoints(profile);
    expect(points.length).toBeGreaterThanOrEqual(4);
    expect(new Set(points.map((p) => p.id)).size).toBe(points.length);
    const o = profile.outline;
    for (const p of points) {
      if (o.shape === 'rect') {
        expect(p.xMm).toBeGreaterThanOrEqual(o.minXMm);
        expect(p.xMm).toBeLessThanOrEqual(o.maxXMm);
        expect(p.yMm).toBeGreaterThanOrEqual(o.minYMm);
        expect(p.yMm).toBeLessThanOrEqual(o.maxYMm);
      } else expect(Math.hypot(p.xMm - o.xMm, p.yMm - o.yMm)).toBeLessThanOrEqual(o.radiusMm);
    }
    // Four of them not on one line (a mapping needs that).
    const [a, b, ...rest] = points;
    const across = rest.some((c) => Math.abs((b!.xMm - a!.xMm) * (c.yMm - a!.yMm) - (b!.yMm - a!.yMm) * (c.xMm - a!.xMm)) > 1000);
    expect(across).toBe(true);
  });

  it('names a rectangular surface\'s corners, holes, and painted lines\' ends; a line ending at a corner is that corner', () => {
    const ids = (id: string) => referencePoints(BOARD_PROFILES[id]!).map((p) => `${p.id} ${p.xMm} ${p.yMm}`);
    expect(ids('sjoelbak-standard-40x200')).toEqual([
      'corner-1 -200 0', 'corner-2 200 0', 'corner-3 200 2000', 'corner-4 -200 2000',
      'start-bar-far-face-end-1 -200 460', 'start-bar-far-face-end-2 200 460', 'gate-bar-front-face-end-1 -200 1800', 'gate-bar-front-face-end-2 200 1800',
    ]);
    // The 9 ft table's end edges run from corner to corner: no names of their own.
    expect(ids('table-shuffleboard-9ft').filter((s) => s.startsWith('end-edge'))).toEqual([]);
    expect(ids('carrom-standard-74cm')).toContain('pocket-ne 347.75 347.75');
    // A round board: its centre (crokinole's hole is there) and its quadrant lines' ends.
    expect(ids('crokinole-nca-26in').map((s) => s.split(' ')[0])).toEqual(['centre', ...[1, 2, 3, 4].flatMap((q) => [`quadrant-${q}-end-1`, `quadrant-${q}-end-2`])]);
  });
});

describe('clicked points from JSON', () => {
  const sjoelbak = BOARD_PROFILES['sjoelbak-standard-40x200']!;
  it('takes names and board millimetres alike, in a list or under "points"', () => {
    const given = [{ at: 'corner-3', xPx: 10, yPx: 20 }, { xPx: 30, yPx: 40, xMm: 5, yMm: 6 }];
    const want = [{ xPx: 10, yPx: 20, xMm: 200, yMm: 2000 }, { xPx: 30, yPx: 40, xMm: 5, yMm: 6 }];
    expect(parseClickedPoints({ points: given }, sjoelbak)).toEqual({ ok: true, points: want });
    expect(parseClickedPoints(given, sjoelbak)).toEqual({ ok: true, points: want });
  });

  it('refuses an unknown name, listing the board\'s, and a point without its board position', () => {
    const unknown = parseClickedPoints([{ at: 'corner-9', xPx: 1, yPx: 2 }], sjoelbak);
    expect(unknown).toEqual({ ok: false, error: expect.stringMatching(/no point "corner-9" on board sjoelbak-standard-40x200 \(its points: corner-1, corner-2, .*gate-bar-front-face-end-2\)/) });
    const bare = parseClickedPoints({ points: [{ xPx: 1, yPx: 2 }] }, sjoelbak);
    expect(bare).toEqual({ ok: false, error: expect.stringMatching(/^points: .*each point is \{"xPx", "yPx", "at": name\} or \{"xPx", "yPx", "xMm", "yMm"\}/) });
    expect(parseClickedPoints('corner-1', sjoelbak).ok).toBe(false);
  });
});
