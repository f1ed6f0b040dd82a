/**
 * What a camera can fit on a rectangular board (or any board whose markings are not a set of
 * concentric circles): the profile's edges at board height (painted lines, filled areas, holes,
 * the sides of the playing surface and the feet of blocks standing on it), which of them a
 * camera only sees from one side, the rectangles a coarse outline may be, and the rotations
 * that map the markings onto themselves.
 */
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { featuresOfKind } from '../../rules/profiles/schema.ts';
import { modelEdges, type ModelEdgeSample } from './model-edges.ts';

/**
 * A model edge sample, optionally seen only from one side: the foot of a wall or a block face
 * is hidden when the camera stands behind the face (its own top edge covers it).
 */
export interface BoardEdgeSample extends ModelEdgeSample {
  /** The face is seen when (camera - point) . facing > 0 (board plane, mm). */
  facing?: { xMm: number; yMm: number };
  /**
   * A side of the surface with something beyond it (a frame, a rail, a gutter): its edge may
   * be a wall's foot (hidden from a camera behind the wall) or a drop (seen from anywhere).
   */
  maybeWall?: boolean;
  /**
   * The foot of a wall of known height along a side of the surface: the close fit takes it
   * only from in front of the wall (from behind, the wall's top edge right above it instead);
   * rougher fits, whose camera is less sure, take it from anywhere.
   */
  wallFoot?: boolean;
  /** Height of the edge above the board (a block's top): seen where the camera's ray through it meets the board. */
  zMm?: number;
  /** A round frame's outer edge, at a height the profile does not give: the close fit measures it. */
  onOutline?: boolean;
}

export interface Rect {
  minXMm: number;
  minYMm: number;
  maxXMm: number;
  maxYMm: number;
}

export interface BoardModel {
  samples: BoardEdgeSample[];
  /** Rectangles a large quadrilateral in the image may be the outline of (surface first). */
  rects: Rect[];
  /** Centre of the board's rotational symmetry. */
  centre: { xMm: number; yMm: number };
  /** Rotations (multiples of 360 / order) about `centre` that map the markings onto themselves. */
  symmetryOrder: number;
  /** Half the diagonal of the surface, for normalising fits. */
  scaleMm: number;
}

export interface BoardModelOptions {
  /** Spacing of edge samples; widened on large boards to keep about `maxSamples`. */
  spacingMm: number;
  maxSamples: number;
  /** Whether a round outline's outer edge is fitted (at a height the fit measures). */
  roundOutlineEdges?: boolean;
}

const SIDES = ['s', 'e', 'n', 'w'] as const;

function surfaceRect(profile: BoardProfile): Rect {
  const s = profile.surface;
  if (s.shape === 'rect') return { minXMm: s.minXMm, minYMm: s.minYMm, maxXMm: s.maxXMm, maxYMm: s.maxYMm };
  return { minXMm: s.xMm - s.radiusMm, minYMm: s.yMm - s.radiusMm, maxXMm: s.xMm + s.radiusMm, maxYMm: s.yMm + s.radiusMm };
}

function outlineRect(profile: BoardProfile): Rect {
  const s = profile.outline;
  if (s.shape === 'rect') return { minXMm: s.minXMm, minYMm: s.minYMm, maxXMm: s.maxXMm, maxYMm: s.maxYMm };
  return { minXMm: s.xMm - s.radiusMm, minYMm: s.yMm - s.radiusMm, maxXMm: s.xMm + s.radiusMm, maxYMm: s.yMm + s.radiusMm };
}

/** Samples along a straight edge every `spacingMm`, its ends `endMarginMm` clear (normal: to the left of a to b). */
export function segment(id: string, x1: number, y1: number, x2: number, y2: number, spacingMm: number, endMarginMm: number, facing?: { xMm: number; yMm: number }): BoardEdgeSample[] {
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len <= 2 * endMarginMm) return [];
  const ux = (x2 - x1) / len;
  const uy = (y2 - y1) / len;
  const n = Math.max(2, Math.round((len - 2 * endMarginMm) / spacingMm));
  const out: BoardEdgeSample[] = [];
  for (let i = 0; i <= n; i++) {
    const t = endMarginMm + ((len - 2 * endMarginMm) * i) / n;
    const s: BoardEdgeSample = { xMm: x1 + ux * t, yMm: y1 + uy * t, nxMm: -uy, nyMm: ux, kind: 'step', widthMm: 0, featureId: id };
    if (facing) s.facing = facing;
    out.push(s);
  }
  return out;
}

function insideRect(r: Rect, x: number, y: number, marginMm: number): boolean {
  return x > r.minXMm - marginMm && x < r.maxXMm + marginMm && y > r.minYMm - marginMm && y < r.maxYMm + marginMm;
}

function onRectEdge(r: Rect, x: number, y: number, tolMm: number): boolean {
  const inX = x > r.minXMm - tolMm && x < r.maxXMm + tolMm;
  const inY = y > r.minYMm - tolMm && y < r.maxYMm + tolMm;
  return (inY && (Math.abs(x - r.minXMm) < tolMm || Math.abs(x - r.maxXMm) < tolMm)) || (inX && (Math.abs(y - r.minYMm) < tolMm || Math.abs(y - r.maxYMm) < tolMm));
}

/** Edge samples of a board, with the faces they belong to. */
function boardSamples(profile: BoardProfile, spacingMm: number, o: BoardModelOptions): BoardEdgeSample[] {
  const surface = surfaceRect(profile);
  const outline = outlineRect(profile);
  const blocks = featuresOfKind(profile, 'block');
  const out: BoardEdgeSample[] = [];
  // Painted lines and rings (unpainted ones are drawn nowhere), disks and holes.
  for (const s of modelEdges(profile, { spacingMm, minSamplesPerCurve: 16 })) {
    if (s.featureId === 'surface') continue;
    if (s.kind === 'line' && s.widthMm <= 0) continue;
    // Paint under a block is hidden.
    if (blocks.some((b) => insideRect(b, s.xMm, s.yMm, 1))) continue;
    out.push(s);
  }
  // A round surface's edge, in arcs: the foot of the frame's wall where a frame stands around it.
  if (profile.surface.shape === 'circle') {
    const c = profile.surface;
    const walled = profile.outline.shape !== 'circle' || profile.outline.radiusMm > c.radiusMm + 1;
    for (const s of modelEdges(profile, { spacingMm, minSamplesPerCurve: 48 })) {
      if (s.featureId !== 'surface') continue;
      const arc = Math.floor(((Math.atan2(s.yMm - c.yMm, s.xMm - c.xMm) + Math.PI) / (2 * Math.PI)) * 8) % 8;
      const x: BoardEdgeSample = { ...s, featureId: `surface-arc-${arc}` };
      if (walled) {
        x.maybeWall = true;
        x.facing = { xMm: -s.nxMm, yMm: -s.nyMm };
      }
      out.push(x);
    }
  }
  // The sides of the playing surface: where a wall or frame stands beyond a side, its foot is
  // hidden from a camera outside that wall.
  if (profile.surface.shape === 'rect') {
    const r = surface;
    const corners = [
      [r.minXMm, r.minYMm],
      [r.maxXMm, r.minYMm],
      [r.maxXMm, r.maxYMm],
      [r.minXMm, r.maxYMm],
    ] as const;
    const margins = [r.minYMm - outline.minYMm, outline.maxXMm - r.maxXMm, outline.maxYMm - r.maxYMm, r.minXMm - outline.minXMm];
    const inward = [
      { xMm: 0, yMm: 1 },
      { xMm: -1, yMm: 0 },
      { xMm: 0, yMm: -1 },
      { xMm: 1, yMm: 0 },
    ];
    const outward = inward.map((v) => ({ xMm: -v.xMm || 0, yMm: -v.yMm || 0 }));
    // Along a block standing on the surface by its edge, the edge is that block's foot.
    const underBlock = (s: BoardEdgeSample) => blocks.some((bl) => insideRect(bl, s.xMm, s.yMm, 1) && insideRect(r, (bl.minXMm + bl.maxXMm) / 2, (bl.minYMm + bl.maxYMm) / 2, -1));
    const wallHeightMm = profile.outline.heightMm;
    for (let i = 0; i < 4; i++) {
      const a = corners[i]!;
      const b = corners[(i + 1) % 4]!;
      // A wall of known height: from in front of its inner face the foot is fitted (the top
      // edge, a few pixels off, is weaker and merges with it); from behind, the foot is hidden
      // and the top inner edge, seen against the surface beyond, is fitted at its height.
      if (wallHeightMm && margins[i]! > 1) {
        out.push(...segment(`surface-${SIDES[i]}`, a[0], a[1], b[0], b[1], spacingMm, 12, inward[i]).filter((s) => !underBlock(s)).map((s) => ({ ...s, wallFoot: true })));
        out.push(...segment(`wall-top-${SIDES[i]}`, a[0], a[1], b[0], b[1], spacingMm, 12, outward[i]).filter((s) => !underBlock(s)).map((s) => ({ ...s, zMm: wallHeightMm })));
        continue;
      }
      const walled = margins[i]! > 1 || blocks.some((bl) => onRectEdge(bl, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, 1) && !insideRect(r, (bl.minXMm + bl.maxXMm) / 2, (bl.minYMm + bl.maxYMm) / 2, -1));
      const side = segment(`surface-${SIDES[i]}`, a[0], a[1], b[0], b[1], spacingMm, 12, walled ? inward[i] : undefined).map((x) => (walled ? { ...x, maybeWall: true } : x));
      out.push(...side.filter((s) => !underBlock(s)));
    }
  }
  // Feet of blocks standing on the surface (bars, walls, gates), seen from the side they face.
  for (const b of blocks) {
    const cx = (b.minXMm + b.maxXMm) / 2;
    const cy = (b.minYMm + b.maxYMm) / 2;
    if (!insideRect(surface, cx, cy, -1)) continue;
    const faces: [number, number, number, number, { xMm: number; yMm: number }][] = [
      [b.minXMm, b.minYMm, b.maxXMm, b.minYMm, { xMm: 0, yMm: -1 }],
      [b.maxXMm, b.minYMm, b.maxXMm, b.maxYMm, { xMm: 1, yMm: 0 }],
      [b.maxXMm, b.maxYMm, b.minXMm, b.maxYMm, { xMm: 0, yMm: 1 }],
      [b.minXMm, b.maxYMm, b.minXMm, b.minYMm, { xMm: -1, yMm: 0 }],
    ];
    for (const [x1, y1, x2, y2, n] of faces) {
      for (const s of segment(`${b.id}-foot-${n.xMm},${n.yMm}`, x1, y1, x2, y2, spacingMm, 6, n)) {
        // A face against another block or on the surface's side shows no foot.
        const px = s.xMm + n.xMm * 2;
        const py = s.yMm + n.yMm * 2;
        if (!insideRect(surface, px, py, -1)) continue;
        if (blocks.some((o) => o !== b && insideRect(o, px, py, 0))) continue;
        // Keep the sample normal pointing out of the face, as the face is seen.
        out.push({ ...s, nxMm: n.xMm, nyMm: n.yMm });
      }
    }
  }
  // Top edges of blocks (bars, walls, a carrom frame): the top face is seen from anywhere above.
  for (const b of blocks) {
    const sides: [number, number, number, number, { xMm: number; yMm: number }][] = [
      [b.minXMm, b.minYMm, b.maxXMm, b.minYMm, { xMm: 0, yMm: -1 }],
      [b.maxXMm, b.minYMm, b.maxXMm, b.maxYMm, { xMm: 1, yMm: 0 }],
      [b.maxXMm, b.maxYMm, b.minXMm, b.maxYMm, { xMm: 0, yMm: 1 }],
      [b.minXMm, b.maxYMm, b.minXMm, b.minYMm, { xMm: -1, yMm: 0 }],
    ];
    for (const [x1, y1, x2, y2, n] of sides) {
      for (const s of segment(`${b.id}-top-${n.xMm},${n.yMm}`, x1, y1, x2, y2, spacingMm, 6)) {
        // Against another block the top runs on (or steps to a lower one): no clean edge.
        const px = s.xMm + n.xMm * 2;
        const py = s.yMm + n.yMm * 2;
        if (blocks.some((o) => o !== b && insideRect(o, px, py, 0))) continue;
        out.push({ ...s, nxMm: n.xMm, nyMm: n.yMm, zMm: b.heightMm });
      }
    }
  }
  // A round frame's outer edge (a clean circle against the table), at a height the close fit
  // measures. A rectangular frame's is not used: its top, its side and its shadow compete there.
  if (profile.outline.shape === 'circle' && profile.surface.shape === 'circle' && o.roundOutlineEdges && profile.outline.radiusMm > profile.surface.radiusMm + 1) {
    const c = profile.outline;
    for (const x of modelEdges({ ...profile, surface: c, features: [] }, { spacingMm, minSamplesPerCurve: 48 })) {
      const arc = Math.floor(((Math.atan2(x.yMm - c.yMm, x.xMm - c.xMm) + Math.PI) / (2 * Math.PI)) * 8) % 8;
      out.push({ ...x, featureId: `outline-arc-${arc}`, onOutline: true });
    }
  }
  // Filled areas without a painted border (a step in colour), where not on the surface's side
  // nor under a block.
  for (const f of featuresOfKind(profile, 'region')) {
    if (!f.fill || f.lineWidthMm > 0) continue;
    for (let i = 0; i < f.pointsMm.length; i++) {
      const a = f.pointsMm[i]!;
      const b = f.pointsMm[(i + 1) % f.pointsMm.length]!;
      for (const s of segment(f.id, a.xMm, a.yMm, b.xMm, b.yMm, spacingMm, 6)) {
        if (profile.surface.shape === 'rect' && onRectEdge(surface, s.xMm, s.yMm, 3)) continue;
        if (blocks.some((bl) => insideRect(bl, s.xMm, s.yMm, 2))) continue;
        out.push(s);
      }
    }
  }
  return out;
}

/** Rotations by 360/k about `centre` (k = 2, 4) that map every sample onto a sample. */
function symmetryOf(samples: readonly BoardEdgeSample[], centre: { xMm: number; yMm: number }, surface: Rect, declared: number, cellMm: number): number {
  const key = (x: number, y: number) => `${Math.round(x / cellMm)},${Math.round(y / cellMm)}`;
  const cells = new Map<string, BoardEdgeSample[]>();
  for (const s of samples) {
    const k = key(s.xMm, s.yMm);
    const l = cells.get(k);
    if (l) l.push(s);
    else cells.set(k, [s]);
  }
  const maps = (deg: number) => {
    const c = Math.cos((deg * Math.PI) / 180);
    const sn = Math.sin((deg * Math.PI) / 180);
    for (const s of samples) {
      const dx = s.xMm - centre.xMm;
      const dy = s.yMm - centre.yMm;
      const x = centre.xMm + c * dx - sn * dy;
      const y = centre.yMm + sn * dx + c * dy;
      const nx = c * s.nxMm - sn * s.nyMm;
      const ny = sn * s.nxMm + c * s.nyMm;
      let hit = false;
      for (let i = -1; i <= 1 && !hit; i++) {
        for (let j = -1; j <= 1 && !hit; j++) {
          for (const o of cells.get(key(x + cellMm * i, y + cellMm * j)) ?? []) {
            // Samples are spaced along their edge: the rotated one must lie on the same edge.
            const d = Math.abs((x - o.xMm) * o.nxMm + (y - o.yMm) * o.nyMm);
            if (d < 1.5 && Math.abs(nx * o.nxMm + ny * o.nyMm) > 0.99 && o.kind === s.kind) hit = true;
          }
        }
      }
      if (!hit) return false;
    }
    return true;
  };
  const square = Math.abs(surface.maxXMm - surface.minXMm - (surface.maxYMm - surface.minYMm)) < 1;
  let order = 1;
  if (maps(180)) order = 2;
  if (order === 2 && square && maps(90)) order = 4;
  return Math.max(order, declared);
}

/** Ordered cuts across the surface: where full-width lines or rows of blocks divide it. */
function cuts(profile: BoardProfile, r: Rect, axis: 'x' | 'y'): number[] {
  const span = axis === 'y' ? r.maxXMm - r.minXMm : r.maxYMm - r.minYMm;
  const values: number[] = [];
  for (const f of featuresOfKind(profile, 'line')) {
    if (f.lineWidthMm <= 0) continue;
    const along = axis === 'y' ? Math.abs(f.x2Mm - f.x1Mm) : Math.abs(f.y2Mm - f.y1Mm);
    const across = axis === 'y' ? Math.abs(f.y2Mm - f.y1Mm) : Math.abs(f.x2Mm - f.x1Mm);
    if (across < 1 && along > 0.85 * span) values.push(axis === 'y' ? f.y1Mm : f.x1Mm);
  }
  // Rows of blocks spanning the surface (a bar, a wall with its gate): both faces.
  const blocks = featuresOfKind(profile, 'block').filter((b) => insideRect(r, (b.minXMm + b.maxXMm) / 2, (b.minYMm + b.maxYMm) / 2, -1));
  const groups = new Map<string, number>();
  for (const b of blocks) {
    const k = axis === 'y' ? `${b.minYMm},${b.maxYMm}` : `${b.minXMm},${b.maxXMm}`;
    groups.set(k, (groups.get(k) ?? 0) + (axis === 'y' ? b.maxXMm - b.minXMm : b.maxYMm - b.minYMm));
  }
  for (const [k, len] of groups) if (len > 0.85 * span) values.push(...k.split(',').map(Number));
  const lo = axis === 'y' ? r.minYMm : r.minXMm;
  const hi = axis === 'y' ? r.maxYMm : r.maxXMm;
  const all = [lo, hi, ...values.filter((v) => v > lo + 5 && v < hi - 5)].sort((a, b) => a - b);
  return all.filter((v, i) => i === 0 || v - all[i - 1]! > 5);
}

function centreOf(profile: BoardProfile, surface: Rect): { xMm: number; yMm: number } {
  return profile.surface.shape === 'rect' ? { xMm: (surface.minXMm + surface.maxXMm) / 2, yMm: (surface.minYMm + surface.maxYMm) / 2 } : { xMm: profile.surface.xMm, yMm: profile.surface.yMm };
}

// Models made lately, by profile and options: a model depends on nothing else, and making one
// (its samples and its symmetry) cost each frame's calibration a few per cent. Keyed by content,
// so a profile changed in place makes a new one.
const madeModels = new Map<string, BoardModel>();
const MADE_MODELS_KEPT = 8;

/** The board's model (see makeBoardModel), a fresh copy of its lists each call (callers narrow them). */
export function boardModel(profile: BoardProfile, o: BoardModelOptions): BoardModel {
  const key = JSON.stringify([profile, o.spacingMm, o.maxSamples, o.roundOutlineEdges ?? null]);
  let model = madeModels.get(key);
  if (!model) {
    model = makeBoardModel(profile, o);
    if (madeModels.size >= MADE_MODELS_KEPT) madeModels.delete(madeModels.keys().next().value!);
    madeModels.set(key, model);
  }
  return { ...model, samples: [...model.samples], rects: [...model.rects], centre: { ...model.centre } };
}

function makeBoardModel(profile: BoardProfile, o: BoardModelOptions): BoardModel {
  const surface = surfaceRect(profile);
  const outline = outlineRect(profile);
  const scaleMm = Math.hypot(surface.maxXMm - surface.minXMm, surface.maxYMm - surface.minYMm) / 2;
  let spacingMm = o.spacingMm;
  let samples = boardSamples(profile, spacingMm, o);
  if (samples.length > o.maxSamples) {
    spacingMm = (o.spacingMm * samples.length) / o.maxSamples;
    samples = boardSamples(profile, spacingMm, o);
  }
  const symmetryOrder = symmetryOf(samples, centreOf(profile, surface), surface, profile.symmetryOrder, spacingMm);
  // Many small circles (carrom) keep a least number of samples each: thin them evenly.
  if (samples.length > o.maxSamples) {
    const step = samples.length / o.maxSamples;
    samples = Array.from({ length: o.maxSamples }, (_, i) => samples[Math.floor(i * step)]!);
  }
  const centre = centreOf(profile, surface);
  const rects: Rect[] = [surface];
  const differs = (a: Rect, b: Rect) => Math.abs(a.minXMm - b.minXMm) + Math.abs(a.maxXMm - b.maxXMm) + Math.abs(a.minYMm - b.minYMm) + Math.abs(a.maxYMm - b.maxYMm) > 2;
  if (differs(outline, surface)) rects.push(outline);
  if (profile.surface.shape === 'rect') {
    // Parts of the surface between full-width lines or bars: a coarse outline may be one of them
    // (not thin strips: their outline is never found whole).
    const minSideMm = 0.25 * Math.min(surface.maxXMm - surface.minXMm, surface.maxYMm - surface.minYMm);
    const add = (r: Rect) => {
      if (r.maxXMm - r.minXMm >= minSideMm && r.maxYMm - r.minYMm >= minSideMm && rects.every((q) => differs(q, r))) rects.push(r);
    };
    const ys = cuts(profile, surface, 'y');
    const xs = cuts(profile, surface, 'x');
    for (let i = 0; i + 1 < ys.length; i++) {
      for (let j = 0; j + 1 < xs.length; j++) {
        add({ minXMm: xs[j]!, maxXMm: xs[j + 1]!, minYMm: ys[i]!, maxYMm: ys[i + 1]! });
      }
    }
    if (xs.length > 2) {
      for (let i = 0; i + 1 < ys.length; i++) {
        add({ minXMm: surface.minXMm, maxXMm: surface.maxXMm, minYMm: ys[i]!, maxYMm: ys[i + 1]! });
      }
    }
    if (ys.length > 2) {
      for (let j = 0; j + 1 < xs.length; j++) {
        add({ minXMm: xs[j]!, maxXMm: xs[j + 1]!, minYMm: surface.minYMm, maxYMm: surface.maxYMm });
      }
    }
  }
  return { samples, rects, centre, symmetryOrder, scaleMm };
}

/** Whether a camera at `cameraMm` (board plane position) stands in front of a sample's face. */
export function facesCamera(s: BoardEdgeSample, cameraMm: { xMm: number; yMm: number } | null, marginMm = 0): boolean {
  if (!s.facing) return true;
  if (!cameraMm) return false;
  return (cameraMm.xMm - s.xMm) * s.facing.xMm + (cameraMm.yMm - s.yMm) * s.facing.yMm > marginMm;
}

/**
 * Samples a camera at `cameraMm` can see, as board-plane samples: block feet only from in
 * front; sides of the surface that may be walls, and walls' feet, are kept (whether they are
 * seen is for the image to tell); raised edges moved to where the camera's ray through them
 * meets the board.
 */
export function visibleSamples(samples: readonly BoardEdgeSample[], cameraMm: { xMm: number; yMm: number; zMm: number } | null, marginMm = 0): BoardEdgeSample[] {
  const out: BoardEdgeSample[] = [];
  for (const s of samples) {
    if (!s.maybeWall && !s.wallFoot && !facesCamera(s, cameraMm, marginMm)) continue;
    if (s.zMm) {
      if (!cameraMm || !(cameraMm.zMm > 2 * s.zMm)) continue;
      const k = s.zMm / (cameraMm.zMm - s.zMm);
      out.push({ ...s, xMm: s.xMm + k * (s.xMm - cameraMm.xMm), yMm: s.yMm + k * (s.yMm - cameraMm.yMm) });
    } else out.push(s);
  }
  return out;
}
