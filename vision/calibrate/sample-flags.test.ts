import { describe, expect, it } from 'vitest';
import { facesCamera, type BoardEdgeSample } from './rect-model.ts';
import { facesCameraAt, sampleFlags } from './sample-flags.ts';

const base = { featureId: 'f', nxMm: 1, nyMm: 0, kind: 'step', widthMm: 0 } as const;

function samples(): BoardEdgeSample[] {
  return [
    { ...base, xMm: 1, yMm: 2 },
    { ...base, xMm: -3, yMm: 4, facing: { xMm: 0, yMm: 1 }, zMm: 15 },
    { ...base, xMm: 5, yMm: -6, facing: { xMm: 1, yMm: 0 }, maybeWall: true },
    { ...base, xMm: 7, yMm: 8, wallFoot: true, onOutline: true },
  ];
}

describe('sampleFlags', () => {
  it('holds each sample\'s fields, and its facing test agrees with facesCamera', () => {
    const list = samples();
    const f = sampleFlags(list);
    expect(f.count).toBe(4);
    expect([...f.zMm]).toEqual([0, 15, 0, 0]);
    expect([...f.hasFacing]).toEqual([0, 1, 1, 0]);
    expect([...f.maybeWall]).toEqual([0, 0, 1, 0]);
    expect([...f.wallFoot]).toEqual([0, 0, 0, 1]);
    expect([...f.onOutline]).toEqual([0, 0, 0, 1]);
    for (const camera of [null, { xMm: 0, yMm: 0 }, { xMm: 10, yMm: 10 }, { xMm: -10, yMm: 3 }]) {
      for (const margin of [0, 2]) {
        list.forEach((s, i) => expect(facesCameraAt(f, i, camera, margin)).toBe(facesCamera(s, camera, margin)));
      }
    }
  });

  it('is kept per list, and read afresh when the list grew', () => {
    const list = samples();
    const f = sampleFlags(list);
    expect(sampleFlags(list)).toBe(f);
    list.push({ ...base, xMm: 9, yMm: 9, zMm: 3 });
    const g = sampleFlags(list);
    expect(g).not.toBe(f);
    expect(g.count).toBe(5);
    expect(g.zMm[4]).toBe(3);
  });
});
