import { describe, expect, it } from 'vitest';
import { clearanceToLineMm, clearanceToRingMm, distanceMm } from '../../geometry/measure.ts';
import { BOARD_PROFILES } from '../../profiles/registry.ts';
import { feature, parseBoardProfile, requireFeature } from '../../profiles/schema.ts';
import data from '../../profiles/carrom-standard-74cm.json' with { type: 'json' };
import { carrom } from './index.ts';

const p = BOARD_PROFILES['carrom-standard-74cm']!;

describe('the standard carrom board profile', () => {
  it('validates with the features the rules need, and is the default board', () => {
    expect(parseBoardProfile(data, carrom.requiredFeatures).ok).toBe(true);
    expect(carrom.defaultProfileId).toBe(p.id);
    expect(p.surface).toMatchObject({ shape: 'rect', minXMm: -370, maxXMm: 370 });
    expect(p.pieces.map((x) => [x.kind, x.diameterMm])).toEqual([['man', 31.8], ['queen', 31.8], ['striker', 41.3]]);
  });

  it('every figure names its source', () => {
    for (const f of [...p.features, ...p.pieces, p.surface, p.outline]) expect(f.source.length).toBeGreaterThan(10);
  });

  it('pockets touch both frame sides', () => {
    for (const id of ['pocket-ne', 'pocket-nw', 'pocket-sw', 'pocket-se']) {
      const h = requireFeature(p, id, 'hole');
      expect(370 - Math.abs(h.xMm)).toBeCloseTo(h.radiusMm, 6);
      expect(370 - Math.abs(h.yMm)).toBeCloseTo(h.radiusMm, 6);
    }
  });

  it('each base circle touches both base lines of its side; neighbouring circles are about 1.27 cm apart with the arrow between', () => {
    for (const side of ['s', 'w', 'n', 'e']) {
      for (const ring of p.features.filter((f) => f.kind === 'ring' && f.id.startsWith(`base-circle-${side}-`))) {
        if (ring.kind !== 'ring') continue;
        const asDisc = { xMm: ring.xMm, yMm: ring.yMm, radiusMm: ring.radiusMm + ring.lineWidthMm / 2 };
        for (const which of ['outer', 'inner']) {
          const line = requireFeature(p, `baseline-${side}-${which}`, 'line');
          expect(clearanceToLineMm(asDisc, line, line.lineWidthMm).clearanceMm).toBeCloseTo(0, 6);
        }
      }
    }
    const a = requireFeature(p, 'base-circle-s-e', 'ring');
    const b = requireFeature(p, 'base-circle-e-s', 'ring');
    const gap = distanceMm(a, b) - 2 * (a.radiusMm + a.lineWidthMm / 2);
    expect(gap).toBeGreaterThan(12.7 - 1);
    expect(gap).toBeLessThan(12.7 + 1);
    const arrow = requireFeature(p, 'arrow-se', 'line');
    for (const r of [a, b]) expect(clearanceToLineMm({ ...r, radiusMm: r.radiusMm + r.lineWidthMm / 2 }, arrow, arrow.lineWidthMm).clearanceMm).toBeGreaterThan(5);
  });

  it('the men set up in the centre circle fit inside it', () => {
    const ring = feature(p, 'centre-circle', 'ring')!;
    // Outermost men of the opening sit 63.6 mm from the centre.
    expect(clearanceToRingMm({ xMm: 63.6, yMm: 0, radiusMm: 15.9 }, ring, ring.lineWidthMm)).toMatchObject({ side: 'inside' });
    expect(clearanceToRingMm({ xMm: 63.6, yMm: 0, radiusMm: 15.9 }, ring, ring.lineWidthMm).clearanceMm).toBeGreaterThan(0);
  });
});
