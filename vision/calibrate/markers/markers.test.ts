/**
 * Calibration from printed ArUco markers on rendered scenes: a tilted camera with a barrel
 * lens and the random camera effects of the seed (blur, uneven light), markers drawn by the
 * renderer from opencv's own dictionary. Accuracy is measured in board millimetres against the
 * scene's truth at points across the whole board.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { distortPx as distortTruth } from '../../../fixtures/render/camera.ts';
import { withMarkers } from '../../../fixtures/render/markers.ts';
import { randomScene } from '../../../fixtures/render/random-scene.ts';
import { renderScene, type SceneResult, type SceneTruth } from '../../../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../../../rules/profiles/registry.ts';
import { applyHomography } from '../../geometry/homography.ts';
import { undistortPx } from '../../geometry/lens.ts';
import { toGray, type GrayImage } from '../../image/frame.ts';
import { countingCv } from '../../opencv/counting-cv.ts';
import { loadOpenCv, type CV } from '../../opencv/load-opencv.ts';
import { analyzeFrame } from '../../pipeline/analyze-frame.ts';
import type { Calibration } from '../types.ts';
import { calibrateFromMarkers } from './calibrate-markers.ts';
import { defaultMarkerLayout, markerCornersMm, parseMarkerLayout, type MarkerLayout } from './marker-layout.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;
const layout = defaultMarkerLayout(croki);
let cv: CV;

interface Rendered {
  gray: GrayImage;
  truth: SceneTruth;
  rgba: Uint8ClampedArray;
  result: SceneResult;
}

/** Seed 1 at 25 deg tilt: a barrel lens, defocus and motion blur, uneven light. */
async function render(drawn: MarkerLayout): Promise<Rendered> {
  const spec = randomScene(croki, 1, { camera: { tiltDeg: 25, fillFraction: 0.6 } });
  const r = renderScene(await withMarkers(spec, croki, drawn), croki);
  const frame = { data: r.rgba, widthPx: r.widthPx, heightPx: r.heightPx, timestampMs: 0 };
  return { gray: toGray(frame), truth: r.truth, rgba: r.rgba, result: r };
}

/**
 * Board-mm error at points across the playing surface: the truth says where each point is
 * seen (truth homography, then the truth lens); the calibration takes it back to the board.
 */
function boardErrorsMm(cal: Calibration, truth: SceneTruth): { medianMm: number; maxMm: number } {
  const s = croki.surface;
  if (s.shape !== 'circle') throw new Error('round board expected');
  const errs: number[] = [];
  for (let i = -10; i <= 10; i++) {
    for (let j = -10; j <= 10; j++) {
      const x = s.xMm + (s.radiusMm * i) / 10;
      const y = s.yMm + (s.radiusMm * j) / 10;
      if (Math.hypot(x - s.xMm, y - s.yMm) > s.radiusMm) continue;
      const ideal = applyHomography(truth.boardToImage, x, y);
      const seen = distortTruth(truth.camera.intrinsics, { xPx: ideal.x, yPx: ideal.y });
      const u = undistortPx(cal.lens, seen.xPx, seen.yPx);
      const q = applyHomography(cal.imageToBoard, u.x, u.y);
      errs.push(Math.hypot(q.x - x, q.y - y));
    }
  }
  errs.sort((a, b) => a - b);
  return { medianMm: errs[errs.length >> 1]!, maxMm: errs[errs.length - 1]! };
}

let all: Rendered;
let oneHidden: Rendered;
let twoSeen: Rendered;
let onTable: Rendered;
let six: Rendered;
const tableLayout: MarkerLayout = { ...layout, planeZMm: -30 };
// Two more beside the board's left and right: with five or more, a misplaced one can be told.
const sixLayout: MarkerLayout = { ...layout, markers: [...layout.markers, ...[-1, 1].map((side, i) => ({ id: 4 + i, xMm: side * 450, yMm: 0, sizeMm: layout.markers[0]!.sizeMm, rotationDeg: 90 * i }))] };
const moved = (l: MarkerLayout, byMm: number): MarkerLayout => ({ ...l, markers: l.markers.map((m) => (m.id === 2 ? { ...m, xMm: m.xMm + byMm } : m)) });

beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
  all = await render(layout);
  oneHidden = await render({ ...layout, markers: layout.markers.filter((m) => m.id !== 1) });
  twoSeen = await render({ ...layout, markers: layout.markers.filter((m) => m.id === 0 || m.id === 2) });
  // Cards lying on the table, 30 mm below the playing surface (the renderer's crokinole table).
  onTable = await render(tableLayout);
  six = await render(sixLayout);
}, 180_000);

describe('marker layouts', () => {
  it('puts the default cards just outside every board, clear of its outline (six beside a long one)', () => {
    for (const p of Object.values(BOARD_PROFILES)) {
      const l = defaultMarkerLayout(p);
      const o0 = p.outline;
      const long = o0.shape === 'rect' && Math.max(o0.maxXMm - o0.minXMm, o0.maxYMm - o0.minYMm) >= 3.5 * Math.min(o0.maxXMm - o0.minXMm, o0.maxYMm - o0.minYMm);
      expect(l.markers.map((m) => m.id)).toEqual(long ? [0, 1, 2, 3, 4, 5] : [0, 1, 2, 3]);
      const o = p.outline;
      for (const m of l.markers) {
        // The card (one white cell around the 6-cell black square) stays out of the outline.
        const half = (m.sizeMm / 2) * (8 / 6);
        const card = [-1, 1].flatMap((u) => [-1, 1].map((v) => ({ x: m.xMm + u * half, y: m.yMm + v * half })));
        for (const c of card) {
          if (o.shape === 'circle') expect(Math.hypot(c.x - o.xMm, c.y - o.yMm)).toBeGreaterThan(o.radiusMm);
          else expect(c.x < o.minXMm || c.x > o.maxXMm || c.y < o.minYMm || c.y > o.maxYMm).toBe(true);
        }
        const near = Math.min(...card.map((c) => (o.shape === 'circle' ? Math.hypot(c.x - o.xMm, c.y - o.yMm) - o.radiusMm : Math.max(o.minXMm - c.x, c.x - o.maxXMm, o.minYMm - c.y, c.y - o.maxYMm))));
        expect(near).toBeGreaterThan(10);
      }
    }
  });

  it('reads a layout from JSON and names what is wrong with a bad one', () => {
    const back = parseMarkerLayout(JSON.parse(JSON.stringify(layout)));
    expect(back.ok && back.layout).toEqual(layout);
    const noPlane = parseMarkerLayout({ formatVersion: 1, dictionary: 'DICT_4X4_50', markers: [{ id: 3, xMm: 0, yMm: 0, sizeMm: 50 }] });
    expect(noPlane.ok && noPlane.layout.planeZMm).toBe(0);
    const twice = parseMarkerLayout({ ...layout, markers: [layout.markers[0], layout.markers[0]] });
    expect(twice.ok).toBe(false);
    if (!twice.ok) expect(twice.error).toMatch(/share an id/);
    const beyond = parseMarkerLayout({ ...layout, markers: [{ ...layout.markers[0], id: 50 }] });
    expect(!beyond.ok && beyond.error).toMatch(/beyond the dictionary/);
    const badSize = parseMarkerLayout({ ...layout, markers: [{ ...layout.markers[0], sizeMm: -5 }] });
    expect(!badSize.ok && badSize.error).toMatch(/markers\.0\.sizeMm/);
  });

  it('orders corners as ArUco does: top-left, top-right, bottom-right, bottom-left of the print', () => {
    const c = markerCornersMm({ id: 0, xMm: 10, yMm: 20, sizeMm: 40, rotationDeg: 90 });
    // Turned a quarter counter-clockwise, the print's top-left lies at the lower left.
    expect(c[0].xMm).toBeCloseTo(-10);
    expect(c[0].yMm).toBeCloseTo(0);
    expect(c[1].xMm).toBeCloseTo(-10);
    expect(c[1].yMm).toBeCloseTo(40);
  });
});

describe('calibration from markers', () => {
  it('the scene really has a barrel lens, a tilted camera and blur', () => {
    expect(all.truth.camera.intrinsics.k1).toBeLessThan(-0.05);
    expect(all.truth.effects.motionBlur).not.toBeNull();
    expect(all.truth.markers?.markers).toHaveLength(4);
  });

  it('fits the board from four markers to a fraction of a millimetre everywhere on it', () => {
    const m = calibrateFromMarkers(cv, all.gray, croki, layout);
    expect(m.usedIds).toEqual([0, 1, 2, 3]);
    const cal = m.calibration;
    expect(cal.found).toBe(true);
    if (!cal.found) return;
    expect(cal.method).toBe('markers');
    expect(cal.rmsErrorPx).toBeLessThan(0.3);
    // The lens was fitted (barrel: negative k1) and the camera's tilt and focal recovered.
    expect(cal.lens.k1).toBeLessThan(-0.05);
    expect(Math.abs(cal.camera.tiltDeg - 25)).toBeLessThan(1);
    expect(Math.abs(cal.camera.focalPx / all.truth.camera.intrinsics.fxPx - 1)).toBeLessThan(0.03);
    const e = boardErrorsMm(cal, all.truth);
    expect(e.medianMm).toBeLessThan(0.15);
    expect(e.maxMm).toBeLessThan(0.25);
  });

  it('still calibrates with one marker hidden', () => {
    const m = calibrateFromMarkers(cv, oneHidden.gray, croki, layout);
    expect(m.seenIds).toEqual([0, 2, 3]);
    const cal = m.calibration;
    expect(cal.found).toBe(true);
    if (!cal.found) return;
    expect(cal.inlierFraction).toBeCloseTo(0.75);
    const e = boardErrorsMm(cal, oneHidden.truth);
    expect(e.medianMm).toBeLessThan(0.3);
    expect(e.maxMm).toBeLessThan(0.5);
  });

  it('says why when too few markers are seen', () => {
    const m = calibrateFromMarkers(cv, twoSeen.gray, croki, layout);
    expect(m.calibration.found).toBe(false);
    if (m.calibration.found) return;
    expect(m.calibration.reason).toMatch(/2 of the layout's 4 DICT_4X4_50 markers seen \(id 0, 2\), at least 3 are needed/);
  });

  it('leaves out a marker that is not where the layout says when five or more are seen', () => {
    const good = calibrateFromMarkers(cv, six.gray, croki, sixLayout);
    expect(good.usedIds).toEqual([0, 1, 2, 3, 4, 5]);
    expect(good.calibration.found && boardErrorsMm(good.calibration, six.truth).medianMm).toBeLessThan(0.15);
    for (const byMm of [8, 25]) {
      const m = calibrateFromMarkers(cv, six.gray, croki, moved(sixLayout, byMm));
      expect(m.usedIds).toEqual([0, 1, 3, 4, 5]);
      expect(m.calibration.found && boardErrorsMm(m.calibration, six.truth).medianMm).toBeLessThan(0.2);
    }
  });

  it('refuses four markers that disagree with their layout (which one is wrong cannot be told)', () => {
    const m = calibrateFromMarkers(cv, all.gray, croki, moved(layout, 25));
    expect(m.calibration.found).toBe(false);
    if (!m.calibration.found) expect(m.calibration.reason).toMatch(/do not agree with their layout/);
  });

  it('calibrates the playing surface from markers lying on the table below it', () => {
    const m = calibrateFromMarkers(cv, onTable.gray, croki, tableLayout);
    expect(m.calibration.found).toBe(true);
    if (!m.calibration.found) return;
    expect(boardErrorsMm(m.calibration, onTable.truth).medianMm).toBeLessThan(0.15);
    // Taken as lying on the surface, the same markers put the board millimetres off.
    const wrong = calibrateFromMarkers(cv, onTable.gray, croki, layout);
    expect(wrong.calibration.found && boardErrorsMm(wrong.calibration, onTable.truth).medianMm).toBeGreaterThan(5);
  });

  it('frees every Mat and every ArUco object it makes', () => {
    const c = countingCv(cv);
    let liveAruco = 0;
    const counted = (make: () => { delete(): void }) => {
      const obj = make();
      liveAruco++;
      const del = obj.delete.bind(obj);
      obj.delete = () => {
        liveAruco--;
        del();
      };
      return obj;
    };
    const wrapCtor = (C: any) => new Proxy(C, { construct: (target, args) => counted(() => Reflect.construct(target, args)) });
    const names = ['aruco_DetectorParameters', 'aruco_RefineParameters', 'aruco_ArucoDetector'];
    const ctors = new Map(names.map((n) => [n, wrapCtor((cv as any)[n])]));
    const withAruco = new Proxy(c.cv, {
      get(target, key) {
        if (typeof key === 'string' && ctors.has(key)) return ctors.get(key);
        if (key === 'getPredefinedDictionary') return (d: number) => counted(() => (target as any).getPredefinedDictionary(d));
        return (target as any)[key];
      },
    }) as CV;
    for (const r of [all, oneHidden, twoSeen]) calibrateFromMarkers(withAruco, r.gray, croki, layout);
    expect(c.made()).toBeGreaterThan(0);
    expect(c.live()).toBe(0);
    expect(liveAruco).toBe(0);
  });
});

describe('markers in the pipeline', () => {
  it('the pipeline uses the markers when asked, and falls back with a message when they fail', () => {
    const frame = (r: Rendered) => ({ data: r.rgba, widthPx: r.gray.widthPx, heightPx: r.gray.heightPx, timestampMs: 0 });
    const a = analyzeFrame(cv, frame(all), croki, { markers: layout });
    expect(a.calibration.found && a.calibration.method).toBe('markers');
    expect(a.warnings ?? []).toEqual([]);
    const b = analyzeFrame(cv, frame(twoSeen), croki, { markers: layout });
    expect(b.calibration.found && b.calibration.method).toBe('auto');
    expect(b.warnings?.[0]).toMatch(/^marker calibration failed \(2 of the layout's 4 .*\): calibrated from the board's own markings instead/);
  }, 60_000);

});
