import { describe, expect, it } from 'vitest';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { noLens } from '../geometry/lens.ts';
import type { Calibration } from '../calibrate/types.ts';
import { detectPieceKinds, PIECE_KIND_DEFAULTS, sizeGroups } from './piece-kinds.ts';
import type { Rgb } from './teams.ts';
import type { DetectedDisc, DetectionResult } from './types.ts';

const carrom = BOARD_PROFILES['carrom-standard-74cm']!;
const pitrush = BOARD_PROFILES['pitrush-standard']!;
const cal = {
  found: true,
  boardToImage: [1, 0, 500, 0, -1, 500, 0, 0, 1],
  imageToBoard: [1, 0, -500, 0, -1, 500, 0, 0, 1],
  lens: noLens(1000, 1000),
  camera: { focalPx: 1000, focalFromPerspective: false, tiltDeg: 0, centreXMm: 0, centreYMm: 0, centreZMm: 1500, verticalVanishing: [0, 0, 1] },
} as unknown as Calibration;
const frame = { data: new Uint8ClampedArray(1000 * 1000 * 4).fill(200), widthPx: 1000, heightPx: 1000, timestampMs: 0 };

function disc(xMm: number, yMm: number, radiusMm: number, rgb: Rgb, confidence = 0.9): DetectedDisc {
  return { xMm, yMm, radiusMm, uncertaintyMm: 0.2, color: '#000000', rgb, kind: 'man', state: 'on-board', team: null, confidence, topCentreXPx: 0, topCentreYPx: 0, rimRmsMm: 0.05, rimCoverage: confidence };
}

describe('piece kinds', () => {
  it('groups carrom pieces by size: men and queen, then the striker', () => {
    const g = sizeGroups(carrom);
    expect(g.map((x) => x.pieces.map((p) => p.kind))).toEqual([['man', 'queen'], ['striker']]);
    expect(g[1]!.radiusMm).toBeCloseTo(20.65, 6);
  });

  it('names the striker by its size, the queen by her red, and learns teams over the men only', () => {
    const white: Rgb = [235, 230, 220];
    const black: Rgb = [35, 35, 35];
    const byRadius: Record<string, DetectedDisc[]> = {
      '15.9': [disc(100, 0, 15.9, white), disc(-100, 0, 15.9, black), disc(0, 100, 15.9, white), disc(0, -100, 15.9, black), disc(60, 60, 15.9, [180, 35, 40]), disc(200, 100, 16, white, 0.5)],
      // The striker, and a poorer striker-sized fit over the last man.
      '20.65': [disc(-150, 150, 20.65, [242, 239, 232]), disc(201, 99, 20.5, white, 0.45)],
    };
    const detectOne = (p: BoardProfile): DetectionResult => ({ discs: byRadius[String(p.pieces[0]!.diameterMm / 2)] ?? [], rejected: [], teamColors: {}, handOverBoard: false });
    const r = detectPieceKinds({ frame, profile: carrom, calibration: cal }, detectOne, { ...PIECE_KIND_DEFAULTS, minUnpaintedCoverage: 0 });
    const kinds = r.discs.map((d) => `${d.kind}@${d.xMm},${d.yMm}`).sort();
    expect(kinds).toEqual(['man@-100,0', 'man@0,-100', 'man@0,100', 'man@100,0', 'man@200,100', 'queen@60,60', 'striker@-150,150'].sort());
    const men = r.discs.filter((d) => d.kind === 'man');
    expect(new Set(men.filter((d) => d.rgb[0] > 128).map((d) => d.team)).size).toBe(1);
    expect(men.find((d) => d.rgb[0] > 128)!.team).not.toBe(men.find((d) => d.rgb[0] < 128)!.team);
    expect(r.discs.filter((d) => d.kind !== 'man').every((d) => d.team === null)).toBe(true);
  });

  it('does not fit a surely found man again as the striker (only sure ones, only for the later size)', () => {
    const white: Rgb = [235, 230, 220];
    const calls: { radiusMm: number; sureMm: readonly { xMm: number; yMm: number }[] | undefined }[] = [];
    const detectOne = (p: BoardProfile, sureMm?: readonly { xMm: number; yMm: number }[]): DetectionResult => {
      const radiusMm = p.pieces[0]!.diameterMm / 2;
      calls.push({ radiusMm, sureMm });
      // A sure man, a man found round half its outline (just under the 0.6 needed), and one on it.
      const discs = radiusMm < 18 ? [disc(100, 0, 15.9, white, 0.9), disc(-100, 0, 15.9, white, 0.59), disc(0, 100, 15.9, white, 0.6)] : [];
      return { discs, rejected: [], teamColors: {}, handOverBoard: false };
    };
    detectPieceKinds({ frame, profile: carrom, calibration: cal }, detectOne, { ...PIECE_KIND_DEFAULTS, minUnpaintedCoverage: 0 });
    expect(calls.map((c) => c.radiusMm)).toEqual([15.9, 20.65]);
    expect(calls[0]!.sureMm).toBeUndefined();
    expect(calls[1]!.sureMm).toEqual([{ xMm: 100, yMm: 0 }, { xMm: 0, yMm: 100 }]);
  });

  it('fits the striker where a sure man lies inside something larger than a man (a ring on a striker)', () => {
    const white: Rgb = [235, 230, 220];
    // A striker-sized body (radius 20 mm, darker than the board) round the man at (0, 100): image (500, 400) at 1 px/mm.
    const img = { ...frame, data: new Uint8ClampedArray(frame.data) };
    for (let y = 375; y <= 425; y++) {
      for (let x = 475; x <= 525; x++) {
        if (Math.hypot(x - 500, y - 400) > 20) continue;
        const j = (y * 1000 + x) * 4;
        img.data[j] = img.data[j + 1] = img.data[j + 2] = 90;
      }
    }
    let sureForStriker: readonly { xMm: number; yMm: number }[] | undefined;
    const detectOne = (p: BoardProfile, sureMm?: readonly { xMm: number; yMm: number }[]): DetectionResult => {
      if (p.pieces[0]!.kind === 'striker') sureForStriker = sureMm;
      const discs = p.pieces[0]!.kind === 'man' ? [disc(100, 0, 15.9, white, 0.9), disc(0, 100, 15.9, white, 0.9)] : [];
      return { discs, rejected: [], teamColors: {}, handOverBoard: false };
    };
    detectPieceKinds({ frame: img, profile: carrom, calibration: cal }, detectOne, { ...PIECE_KIND_DEFAULTS, minUnpaintedCoverage: 0 });
    expect(sureForStriker).toEqual([{ xMm: 100, yMm: 0 }]);
  });

  it('names a PitRush disc matching neither team colour neutral, but only when the colours are given', () => {
    const red: Rgb = [168, 35, 42];
    const orange: Rgb = [216, 105, 42];
    // Seen under brighter light than the given colours, a whole team together; one grey disc.
    const seen = [disc(0, 200, 15, [180, 45, 50]), disc(40, 200, 15, [185, 48, 52]), disc(80, 200, 15, [230, 120, 55]), disc(120, 200, 15, [236, 126, 60]), disc(160, 200, 15, [150, 156, 152])];
    // One size: the detection as it comes, teams already given by the nearest team colour.
    const detectOne = (): DetectionResult => ({ discs: seen.map((d, i) => ({ ...d, kind: 'disc', team: i < 2 ? 'A' : 'B' })), rejected: [], teamColors: {}, handOverBoard: false });
    const given = detectPieceKinds({ frame, profile: pitrush, calibration: cal, teamColors: [red, orange] }, detectOne);
    expect(given.discs.map((d) => d.kind)).toEqual(['disc', 'disc', 'disc', 'disc', 'neutral']);
    expect(given.discs.map((d) => d.team)).toEqual(['A', 'A', 'B', 'B', null]);
    const learnt = detectPieceKinds({ frame, profile: pitrush, calibration: cal }, detectOne);
    expect(learnt.discs.every((d) => d.kind === 'disc')).toBe(true);
  });

  it('marks a disc whose centre is over a PitRush pit as perhaps lying on a hidden disc, and no other', () => {
    const detectOne = (): DetectionResult => ({ discs: [disc(1, -141, 15, [180, 45, 50]), disc(0, -140 - 19, 15, [180, 45, 50]), disc(200, 200, 15, [180, 45, 50])].map((d) => ({ ...d, kind: 'disc' })), rejected: [], teamColors: {}, handOverBoard: false });
    const r = detectPieceKinds({ frame, profile: pitrush, calibration: cal }, detectOne);
    expect(r.discs.map((d) => d.mayRestOnHidden === true)).toEqual([true, false, false]);
  });
});
