import { describe, expect, it } from 'vitest';
import {
  clearanceBetweenDiscsMm,
  clearanceInsideCircleMm,
  clearanceInsideRectMm,
  clearanceToLineMm,
  clearanceToRingMm,
  containmentInPolygon,
  containmentInRing,
  discAndHoleMm,
} from './measure.ts';

// Tolerance on every computed clearance: 1e-9 mm (pure arithmetic, no measurement involved).
const TOL = 9;

// A disc of radius 10 mm against a ring of radius 100 mm drawn 2 mm wide (paint from 99 to 101 mm).
const ring = { xMm: 0, yMm: 0, radiusMm: 100 };
const ringCases = [
  { description: 'well inside', centreMm: 50, expected: { clearanceMm: 39, containment: 'inside' } },
  { description: 'just inside: 0.01 mm clear of the paint', centreMm: 88.99, expected: { clearanceMm: 0.01, containment: 'inside' } },
  { description: 'tangent to the inner edge of the paint', centreMm: 89, expected: { clearanceMm: 0, containment: 'touching' } },
  { description: '0.01 mm onto the paint from inside', centreMm: 89.01, expected: { clearanceMm: -0.01, containment: 'touching' } },
  { description: 'centred on the line', centreMm: 100, expected: { clearanceMm: -11, containment: 'touching' } },
  { description: '0.01 mm onto the paint from outside', centreMm: 110.99, expected: { clearanceMm: -0.01, containment: 'touching' } },
  { description: 'tangent to the outer edge of the paint', centreMm: 111, expected: { clearanceMm: 0, containment: 'touching' } },
  { description: 'just outside: 0.01 mm clear', centreMm: 111.01, expected: { clearanceMm: 0.01, containment: 'outside' } },
  { description: 'well outside', centreMm: 150, expected: { clearanceMm: 39, containment: 'outside' } },
];

describe('disc against a painted ring (r=100 mm, 2 mm paint, disc r=10 mm)', () => {
  it.each(ringCases)('$description', ({ centreMm, expected }) => {
    // Same answer in any direction from the centre.
    for (const angle of [0, 1, 2.5, 4]) {
      const disc = { xMm: centreMm * Math.cos(angle), yMm: centreMm * Math.sin(angle), radiusMm: 10 };
      const r = containmentInRing(disc, ring, 2);
      expect(r.clearanceMm).toBeCloseTo(expected.clearanceMm, TOL);
      expect(r.containment).toBe(expected.containment);
    }
  });

  it('an uncertain measure near the line is too close, never a guess', () => {
    const disc = { xMm: 88.8, yMm: 0, radiusMm: 10 };
    expect(containmentInRing(disc, ring, 2, 0.3).call).toBe('too-close');
    expect(containmentInRing(disc, ring, 2, 0.1).call).toBe('clear');
  });

  it('reports the side of the line the centre is on', () => {
    expect(clearanceToRingMm({ xMm: 95, yMm: 0, radiusMm: 10 }, ring, 2).side).toBe('inside');
    expect(clearanceToRingMm({ xMm: 105, yMm: 0, radiusMm: 10 }, ring, 2).side).toBe('outside');
  });
});

// A straight line from (-100, 0) to (100, 0), 3 mm wide (paint |y| <= 1.5), disc r = 5 mm.
const line = { x1Mm: -100, y1Mm: 0, x2Mm: 100, y2Mm: 0 };
const lineCases = [
  { description: 'well above', xMm: 0, yMm: 20, expected: 13.5 },
  { description: 'just above: 0.01 mm clear', xMm: 0, yMm: 6.51, expected: 0.01 },
  { description: 'tangent above', xMm: 0, yMm: 6.5, expected: 0 },
  { description: '0.01 mm onto the paint from above', xMm: 0, yMm: 6.49, expected: -0.01 },
  { description: 'on the middle of the line', xMm: 30, yMm: 0, expected: -6.5 },
  { description: 'just below: 0.01 mm clear', xMm: -40, yMm: -6.51, expected: 0.01 },
  { description: 'beyond the square end, in line with it', xMm: 105.01, yMm: 0, expected: 0.01 },
  { description: 'beyond the end, tangent to the square end', xMm: 105, yMm: 0, expected: 0 },
  { description: 'off the corner of the paint', xMm: 103, yMm: 5.5, expected: 0 },
];

describe('disc against a straight painted line (3 mm wide, disc r=5 mm)', () => {
  it.each(lineCases)('$description', ({ xMm, yMm, expected }) => {
    expect(clearanceToLineMm({ xMm, yMm, radiusMm: 5 }, line, 3).clearanceMm).toBeCloseTo(expected, TOL);
  });

  it('is the same for a rotated line', () => {
    const a = Math.PI / 5;
    const rot = (x: number, y: number) => ({ xMm: x * Math.cos(a) - y * Math.sin(a), yMm: x * Math.sin(a) + y * Math.cos(a) });
    const p1 = rot(-100, 0);
    const p2 = rot(100, 0);
    const rl = { x1Mm: p1.xMm, y1Mm: p1.yMm, x2Mm: p2.xMm, y2Mm: p2.yMm };
    for (const c of lineCases) {
      const p = rot(c.xMm, c.yMm);
      expect(clearanceToLineMm({ ...p, radiusMm: 5 }, rl, 3).clearanceMm).toBeCloseTo(c.expected, TOL);
    }
  });
});

// A 100 x 50 mm field whose edges are painted 2 mm wide; disc r = 10 mm.
const field = [
  { xMm: 0, yMm: 0 },
  { xMm: 100, yMm: 0 },
  { xMm: 100, yMm: 50 },
  { xMm: 0, yMm: 50 },
];
const polygonCases = [
  { description: 'in the middle', xMm: 50, yMm: 25, expected: { clearanceMm: 14, containment: 'inside' } },
  { description: '0.01 mm clear of the bottom edge paint', xMm: 50, yMm: 11.01, expected: { clearanceMm: 0.01, containment: 'inside' } },
  { description: 'tangent to the bottom edge paint', xMm: 50, yMm: 11, expected: { clearanceMm: 0, containment: 'touching' } },
  { description: '0.01 mm onto the bottom edge paint', xMm: 50, yMm: 10.99, expected: { clearanceMm: -0.01, containment: 'touching' } },
  { description: 'centre on the edge', xMm: 100, yMm: 25, expected: { clearanceMm: -11, containment: 'touching' } },
  { description: 'outside, 0.01 mm clear of the right edge', xMm: 111.01, yMm: 25, expected: { clearanceMm: 0.01, containment: 'outside' } },
];

describe('disc in a painted polygon field (2 mm edges, disc r=10 mm)', () => {
  it.each(polygonCases)('$description', ({ xMm, yMm, expected }) => {
    const r = containmentInPolygon({ xMm, yMm, radiusMm: 10 }, field, 2);
    expect(r.clearanceMm).toBeCloseTo(expected.clearanceMm, TOL);
    expect(r.containment).toBe(expected.containment);
  });
});

// Hole of radius 17.5 mm, disc of radius 15.875 mm: it lies completely within while the centre
// is within 1.625 mm of the hole's centre.
const holeCases = [
  { description: 'centred in the hole', offsetMm: 0, inHole: 1.625, overlap: 33.375 },
  { description: 'just within: 0.01 mm to spare', offsetMm: 1.615, inHole: 0.01, overlap: 31.76 },
  { description: 'exactly filling one side', offsetMm: 1.625, inHole: 0, overlap: 31.75 },
  { description: 'leaning: 0.01 mm over the rim', offsetMm: 1.635, inHole: -0.01, overlap: 31.74 },
  { description: 'just touching the hole edge from outside', offsetMm: 33.375, inHole: 17.5 - 49.25, overlap: 0 },
  { description: 'clear of the hole', offsetMm: 40, inHole: 17.5 - 55.875, overlap: -6.625 },
];

describe('disc and hole (r=17.5 mm, disc r=15.875 mm)', () => {
  it.each(holeCases)('$description', ({ offsetMm, inHole, overlap }) => {
    const r = discAndHoleMm({ xMm: offsetMm, yMm: 0, radiusMm: 15.875 }, { xMm: 0, yMm: 0, radiusMm: 17.5 });
    expect(r.inHoleClearanceMm).toBeCloseTo(inHole, TOL);
    expect(r.overlapMm).toBeCloseTo(overlap, TOL);
  });
});

describe('board edges', () => {
  const edgeCases = [
    { description: 'circle: 0.01 mm inside the edge', xMm: 289.99, expected: 0.01 },
    { description: 'circle: tangent to the edge', xMm: 290, expected: 0 },
    { description: 'circle: 0.01 mm over the edge', xMm: 290.01, expected: -0.01 },
  ];
  it.each(edgeCases)('$description', ({ xMm, expected }) => {
    expect(clearanceInsideCircleMm({ xMm, yMm: 0, radiusMm: 10 }, { xMm: 0, yMm: 0, radiusMm: 300 })).toBeCloseTo(expected, TOL);
  });

  const rect = { minXMm: 0, minYMm: 0, maxXMm: 500, maxYMm: 2000 };
  const rectCases = [
    { description: 'rect: 0.01 mm inside the left edge', xMm: 10.01, yMm: 100, expected: 0.01 },
    { description: 'rect: tangent to the left edge', xMm: 10, yMm: 100, expected: 0 },
    { description: 'rect: 0.01 mm over the far edge', xMm: 250, yMm: 1990.01, expected: -0.01 },
  ];
  it.each(rectCases)('$description', ({ xMm, yMm, expected }) => {
    expect(clearanceInsideRectMm({ xMm, yMm, radiusMm: 10 }, rect)).toBeCloseTo(expected, TOL);
  });

  it('two discs: 0.01 mm apart, tangent, overlapping', () => {
    const a = { xMm: 0, yMm: 0, radiusMm: 10 };
    expect(clearanceBetweenDiscsMm(a, { xMm: 20.01, yMm: 0, radiusMm: 10 })).toBeCloseTo(0.01, TOL);
    expect(clearanceBetweenDiscsMm(a, { xMm: 0, yMm: 20, radiusMm: 10 })).toBeCloseTo(0, TOL);
    expect(clearanceBetweenDiscsMm(a, { xMm: 19.99, yMm: 0, radiusMm: 10 })).toBeCloseTo(-0.01, TOL);
  });
});
