/**
 * Where printed ArUco markers lie, in board millimetres: the layout a person prints and puts
 * down (or the default one for the board), as versioned JSON.
 *
 * A marker's size is the side of its black square (the usual ArUco "marker length"); the
 * printed card adds one white cell around it. Seen from above with +x right and +y up, an
 * unrotated marker reads upright: its top edge faces +y.
 */
import { z } from 'zod';
import type { BoardProfile } from '../../../rules/profiles/schema.ts';

/** The ArUco dictionaries a layout may name (opencv.js constants of the same name). */
export const MARKER_DICTIONARIES = ['DICT_4X4_50', 'DICT_4X4_100', 'DICT_5X5_50', 'DICT_5X5_100', 'DICT_6X6_50', 'DICT_6X6_100'] as const;
export type MarkerDictionary = (typeof MARKER_DICTIONARIES)[number];

export const markerLayoutSchema = z.object({
  formatVersion: z.literal(1),
  dictionary: z.enum(MARKER_DICTIONARIES),
  /** Height of the markers' plane above the playing surface (0: they lie on it). */
  planeZMm: z.number().finite().default(0),
  markers: z
    .array(
      z.object({
        id: z.number().int().min(0),
        /** Centre of the black square. */
        xMm: z.number().finite(),
        yMm: z.number().finite(),
        sizeMm: z.number().positive(),
        /** Counter-clockwise turn seen from above (0: the marker's top faces +y). */
        rotationDeg: z.number().finite().default(0),
      }),
    )
    .min(1)
    .refine((ms) => new Set(ms.map((m) => m.id)).size === ms.length, { message: 'two markers share an id' }),
}).refine((l) => l.markers.every((m) => m.id < dictionarySize(l.dictionary)), { message: 'a marker id is beyond the dictionary (DICT_4X4_50 has ids 0-49)', path: ['markers'] });

/** How many markers a dictionary holds (the number its name ends with). */
export function dictionarySize(dictionary: MarkerDictionary): number {
  return Number(dictionary.slice(dictionary.lastIndexOf('_') + 1));
}

export type MarkerLayout = z.infer<typeof markerLayoutSchema>;
export type LayoutMarker = MarkerLayout['markers'][number];

export interface PointMm {
  xMm: number;
  yMm: number;
}

/** Tunables of the default layout. */
export const DEFAULT_LAYOUT = {
  dictionary: 'DICT_4X4_50' as MarkerDictionary,
  /** Marker side as a share of the board's larger extent, within these bounds. */
  sizeShare: 0.1,
  minSizeMm: 40,
  maxSizeMm: 100,
  /** Clear space between a marker's printed card and the board's outline. */
  gapMm: 15,
  /** Cells across a 4x4 marker with its black border, and the card's white margin in cells. */
  cellsWithBorder: 6,
  marginCells: 1,
  /**
   * A board this many times longer than wide also gets a marker beside the middle of each long
   * side: the lens bends the long middle most, and corner markers alone leave it to be guessed.
   */
  midMarkersFromAspect: 3.5,
};

/**
 * The default layout: four markers (ids 0-3) on the board's plane just outside its outline at
 * the four corners, clear of it (a round board's at the corners of its bounding square); a
 * long board gets two more (ids 4, 5) beside the middle of its long sides.
 */
export function defaultMarkerLayout(profile: BoardProfile): MarkerLayout {
  const d = DEFAULT_LAYOUT;
  const o = profile.outline;
  const spanMm = o.shape === 'circle' ? 2 * o.radiusMm : Math.max(o.maxXMm - o.minXMm, o.maxYMm - o.minYMm);
  const sizeMm = Math.round(Math.min(d.maxSizeMm, Math.max(d.minSizeMm, d.sizeShare * spanMm)));
  // Half the card: the black square plus its white margin.
  const halfCardMm = (sizeMm / 2) * (1 + (2 * d.marginCells) / d.cellsWithBorder);
  let centres: PointMm[];
  if (o.shape === 'circle') {
    // The card's corner nearest the board stays gapMm clear of the circle.
    const c = (o.radiusMm + d.gapMm) / Math.SQRT2 + halfCardMm;
    centres = [
      { xMm: o.xMm - c, yMm: o.yMm + c },
      { xMm: o.xMm + c, yMm: o.yMm + c },
      { xMm: o.xMm + c, yMm: o.yMm - c },
      { xMm: o.xMm - c, yMm: o.yMm - c },
    ];
  } else {
    const m = d.gapMm + halfCardMm;
    centres = [
      { xMm: o.minXMm - m, yMm: o.maxYMm + m },
      { xMm: o.maxXMm + m, yMm: o.maxYMm + m },
      { xMm: o.maxXMm + m, yMm: o.minYMm - m },
      { xMm: o.minXMm - m, yMm: o.minYMm - m },
    ];
    const w = o.maxXMm - o.minXMm;
    const h = o.maxYMm - o.minYMm;
    const midX = (o.minXMm + o.maxXMm) / 2;
    const midY = (o.minYMm + o.maxYMm) / 2;
    if (h >= d.midMarkersFromAspect * w) centres.push({ xMm: o.minXMm - m, yMm: midY }, { xMm: o.maxXMm + m, yMm: midY });
    else if (w >= d.midMarkersFromAspect * h) centres.push({ xMm: midX, yMm: o.maxYMm + m }, { xMm: midX, yMm: o.minYMm - m });
  }
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    formatVersion: 1,
    dictionary: d.dictionary,
    planeZMm: 0,
    markers: centres.map((c, id) => ({ id, xMm: round1(c.xMm), yMm: round1(c.yMm), sizeMm, rotationDeg: 0 })),
  };
}

/**
 * The black square's corners in board millimetres, in ArUco's order: the printed marker's
 * top-left, top-right, bottom-right, bottom-left.
 */
export function markerCornersMm(m: LayoutMarker): [PointMm, PointMm, PointMm, PointMm] {
  const t = (m.rotationDeg * Math.PI) / 180;
  const c = Math.cos(t);
  const s = Math.sin(t);
  const h = m.sizeMm / 2;
  const at = (u: number, v: number): PointMm => ({ xMm: m.xMm + c * u - s * v, yMm: m.yMm + s * u + c * v });
  return [at(-h, h), at(h, h), at(h, -h), at(-h, -h)];
}

export function parseMarkerLayout(data: unknown): { ok: true; layout: MarkerLayout } | { ok: false; error: string } {
  const r = markerLayoutSchema.safeParse(data);
  if (!r.success) {
    const i = r.error.issues[0]!;
    return { ok: false, error: `marker layout: ${i.path.join('.') || '(root)'}: ${i.message}` };
  }
  return { ok: true, layout: r.data };
}
