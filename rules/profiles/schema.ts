/**
 * Board profiles: every figure of a board model in millimetres, as JSON-serialisable data.
 * A club can supply its own file; `parseBoardProfile` refuses a bad one with a message that
 * names the field.
 *
 * Coordinates: millimetres in the board's own frame. Each profile's `frame` says where the
 * origin is and which way +y points (crokinole and curling: origin at the centre of the rings,
 * +y away from the first shooter).
 */
import { z } from 'zod';

const mm = z.number().finite();
const positiveMm = z.number().finite().positive();
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #b01e23');

/** Where a figure came from; `estimated` marks a plausible figure no source gives. */
const sourced = {
  source: z.string().min(1),
  estimated: z.boolean().optional(),
};

const point = z.object({ xMm: mm, yMm: mm });

export const featureSchema = z.discriminatedUnion('kind', [
  /** A painted circle (ring line); radius to the middle of the paint. */
  z.object({ kind: z.literal('ring'), id: z.string(), xMm: mm, yMm: mm, radiusMm: positiveMm, lineWidthMm: z.number().min(0), color: colour, ...sourced }),
  /** A filled circular area (curling house colours). */
  z.object({ kind: z.literal('disk'), id: z.string(), xMm: mm, yMm: mm, radiusMm: positiveMm, color: colour, ...sourced }),
  /** A hole or pocket cut through the surface; `depthMm`: how far below the surface a disc lying in it rests. */
  z.object({ kind: z.literal('hole'), id: z.string(), xMm: mm, yMm: mm, radiusMm: positiveMm, depthMm: z.number().min(0).optional(), ...sourced }),
  /** A peg or post standing up from the surface. */
  z.object({ kind: z.literal('peg'), id: z.string(), xMm: mm, yMm: mm, radiusMm: positiveMm, heightMm: positiveMm, color: colour, ...sourced }),
  /** A straight painted line (segment centre line, paint width). */
  z.object({ kind: z.literal('line'), id: z.string(), x1Mm: mm, y1Mm: mm, x2Mm: mm, y2Mm: mm, lineWidthMm: z.number().min(0), color: colour, ...sourced }),
  /** A scoring area bounded by painted lines (or unpainted edges when lineWidthMm is 0). */
  z.object({
    kind: z.literal('region'),
    id: z.string(),
    pointsMm: z.array(point).min(3),
    lineWidthMm: z.number().min(0),
    value: z.number().optional(),
    fill: colour.optional(),
    color: colour,
    ...sourced,
  }),
  /** A solid block standing on the board (sjoelbak gate bar, Sling gate, carrom frame). */
  z.object({ kind: z.literal('block'), id: z.string(), minXMm: mm, minYMm: mm, maxXMm: mm, maxYMm: mm, heightMm: positiveMm, color: colour, ...sourced }),
  /** Printed text or numbers (they confuse a detector; the renderer draws them). */
  z.object({ kind: z.literal('label'), id: z.string(), text: z.string(), xMm: mm, yMm: mm, sizeMm: positiveMm, rotationDeg: z.number().finite(), color: colour, ...sourced }),
]);

export const surfaceSchema = z.discriminatedUnion('shape', [
  z.object({ shape: z.literal('circle'), xMm: mm, yMm: mm, radiusMm: positiveMm, color: colour, ...sourced }),
  z.object({ shape: z.literal('rect'), minXMm: mm, minYMm: mm, maxXMm: mm, maxYMm: mm, color: colour, ...sourced }),
]);

/**
 * The whole object in plan; `heightMm`: how high its walls or frame stand above the playing
 * surface where it is wider than the surface (a calibration fits their top edges there).
 */
export const outlineSchema = z.discriminatedUnion('shape', [
  z.object({ shape: z.literal('circle'), xMm: mm, yMm: mm, radiusMm: positiveMm, heightMm: positiveMm.optional(), color: colour, ...sourced }),
  z.object({ shape: z.literal('rect'), minXMm: mm, minYMm: mm, maxXMm: mm, maxYMm: mm, heightMm: positiveMm.optional(), color: colour, ...sourced }),
]);

export const pieceSchema = z.object({
  kind: z.enum(['disc', 'stone', 'puck', 'man', 'queen', 'striker', 'neutral']),
  diameterMm: positiveMm,
  heightMm: positiveMm,
  /** Pieces of this kind per team (or in all, for queen/striker/neutral). */
  count: z.number().int().min(0),
  ...sourced,
});

export const boardProfileSchema = z
  .object({
    formatVersion: z.literal(1),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
    game: z.string().min(1),
    name: z.string().min(1),
    frame: z.string().min(1),
    /** The playing surface: discs that leave it are off the board. */
    surface: surfaceSchema,
    /** The whole object a camera sees (rim, ditch, frame, table), for finding the board. */
    outline: outlineSchema,
    pieces: z.array(pieceSchema).min(1),
    features: z.array(featureSchema),
    /**
     * Rotations (about the origin) that map the board's markings onto themselves: 4 for a
     * crokinole board's quadrant lines. A camera cannot tell these orientations apart.
     */
    symmetryOrder: z.number().int().min(1).default(1),
    /** How far below the playing surface a disc lies when it is off it (ditch, gutter); 0: on the same level. */
    offSurfaceDropMm: z.number().min(0).default(0),
    /** Pieces may come to rest lying on one another (PitRush's stacks, sjoelbak's piles): two discs seen overlapping can both be real. */
    piecesStack: z.boolean().default(false),
    /** Board-specific numbers rules read (section values, hanger value, ...). */
    values: z.record(z.string(), z.number()).default({}),
    notes: z.array(z.string()).default([]),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    p.features.forEach((f, i) => {
      if (seen.has(f.id)) ctx.addIssue({ code: 'custom', path: ['features', i, 'id'], message: `duplicate feature id "${f.id}"` });
      seen.add(f.id);
    });
  });

export type BoardProfile = z.infer<typeof boardProfileSchema>;
export type BoardProfileInput = z.input<typeof boardProfileSchema>;
export type Feature = z.infer<typeof featureSchema>;
export type FeatureKind = Feature['kind'];
export type FeatureOf<K extends FeatureKind> = Extract<Feature, { kind: K }>;
export type Surface = z.infer<typeof surfaceSchema>;
export type Piece = z.infer<typeof pieceSchema>;

export type ProfileResult = { ok: true; profile: BoardProfile } | { ok: false; error: string };

function describePath(path: readonly PropertyKey[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('') || '(root)';
}

/**
 * Validate unknown data as a board profile. `requiredFeatures` (the game's) must be present.
 * Errors name the field: `features[3].radiusMm: Too small: expected number to be >0`.
 */
export function parseBoardProfile(data: unknown, requiredFeatures: readonly string[] = []): ProfileResult {
  const r = boardProfileSchema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    return { ok: false, error: `board profile: ${describePath(issue.path)}: ${issue.message}` };
  }
  const ids = new Set(r.data.features.map((f) => f.id));
  const missing = requiredFeatures.filter((id) => !ids.has(id));
  if (missing.length > 0) {
    return { ok: false, error: `board profile "${r.data.id}": features: missing ${missing.map((m) => `"${m}"`).join(', ')} (needed by ${r.data.game})` };
  }
  return { ok: true, profile: r.data };
}

/** Look up a feature by id and kind; undefined when the profile lacks it. */
export function feature<K extends FeatureKind>(profile: BoardProfile, id: string, kind: K): FeatureOf<K> | undefined {
  const f = profile.features.find((x) => x.id === id);
  return f && f.kind === kind ? (f as FeatureOf<K>) : undefined;
}

/** Like `feature`, for ids the game declared required (validated on load). */
export function requireFeature<K extends FeatureKind>(profile: BoardProfile, id: string, kind: K): FeatureOf<K> {
  const f = feature(profile, id, kind);
  if (!f) throw new Error(`board profile "${profile.id}" has no ${kind} "${id}"`);
  return f;
}

export function featuresOfKind<K extends FeatureKind>(profile: BoardProfile, kind: K): FeatureOf<K>[] {
  return profile.features.filter((f): f is FeatureOf<K> => f.kind === kind);
}

/** The radius of a piece kind (the first piece kind when not given). */
export function pieceRadiusMm(profile: BoardProfile, kind?: string): number {
  const p = profile.pieces.find((x) => x.kind === kind) ?? profile.pieces[0]!;
  return p.diameterMm / 2;
}
