import { describe, expect, it } from 'vitest';
import type { Rgb } from './teams.ts';
import { reachesSurround, surroundOffDiscs, type FoundDiscPlace } from './surround-off-discs.ts';

// A red fit of radius 20 mm at the origin: its surround is sampled 32-38 mm out (1.6 and 1.9 radii).
const R = 20;
const RED: Rgb = [160, 33, 40];
const fit = { xMm: 0, yMm: 0, radiusMm: R, rgb: RED };
const o = { marginFraction: 0.3, maxColourDistance: 20, minApartFraction: 0.9 };
const neighbour = (xMm: number, rgb: Rgb = RED, state: FoundDiscPlace['state'] = 'on-board'): FoundDiscPlace => ({ xMm, yMm: 0, radiusMm: R, state, rgb });

describe('reachesSurround', () => {
  // A disc's place (radius + 30% margin = 26 mm) reaches the ring (38 mm out) when centres are under 64 mm apart.
  it.each([
    [35.9, false], // overlapping it (under 0.9 of 40 mm apart): a rival for its place
    [36.1, true], // touching, measured a little close
    [40, true], // touching the fit
    [63.9, true], // just inside
    [64.1, false], // just outside
    [90, false],
  ])('a disc of its colour on the board %f mm off: %s', (x, expected) => {
    expect(reachesSurround(neighbour(x), fit, o)).toBe(expected);
  });

  it.each([
    [[160, 33, 55] as Rgb, true], // 15 apart: the same team's in another light
    [[160, 53, 40] as Rgb, true], // 20 apart: on the limit
    [[160, 54, 40] as Rgb, false], // 21 apart
    [[44, 104, 56] as Rgb, false], // another team
  ])('a touching disc of colour %j: %s', (rgb, expected) => {
    expect(reachesSurround(neighbour(40, rgb), fit, o)).toBe(expected);
  });

  it('a disc lying in a hole is part of the board round a fit, as the hole is', () => {
    expect(reachesSurround(neighbour(40, RED, 'in-hole'), fit, o)).toBe(false);
  });

  it('none reaches it with the test off', () => {
    expect(reachesSurround(neighbour(40), fit, { ...o, marginFraction: -1 })).toBe(false);
  });
});

describe('surroundOffDiscs', () => {
  it('is null when no found disc reaches the ring', () => {
    expect(surroundOffDiscs([], fit, o)).toBeNull();
    expect(surroundOffDiscs([neighbour(90), neighbour(40, [44, 104, 56])], fit, o)).toBeNull();
  });

  it('leaves out the ring where a touching neighbour of its colour lies (to its margin), and keeps the rest', () => {
    const keep = surroundOffDiscs([neighbour(40)], fit, o)!;
    expect(keep(35, 0)).toBe(false); // on the neighbour
    expect(keep(32, 16)).toBe(false); // 17.9 mm from its centre: inside its place (26 mm)
    expect(keep(0, 35)).toBe(true); // beside the fit, away from it
    expect(keep(-35, 0)).toBe(true); // the fit's other side
  });

  it('keeps only what the level keeps (the ditch floor round a disc in the ditch)', () => {
    const keep = surroundOffDiscs([neighbour(40)], fit, o, (_x, y) => y < 0)!;
    expect(keep(0, -35)).toBe(true);
    expect(keep(0, 35)).toBe(false);
    expect(keep(35, -1)).toBe(false);
  });
});
