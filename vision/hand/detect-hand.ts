/**
 * A hand or arm over the board in a single image. Players reach in from their seats, so an
 * arm over the board crosses the board's outline: the rail (or the mat's edge) and the table
 * beyond it are hidden along an arc as wide as a forearm. Loops round the outline are sampled
 * in the image; a place hidden on every loop (differing from that loop's usual colour, and
 * not merely darker as a shadow is) over a forearm's width is an arm. A disc lying off the
 * board covers a loop or two, a painted line a few millimetres.
 */
import { applyHomography } from '../geometry/homography.ts';
import { distortPx } from '../geometry/lens.ts';
import { HAND_DEFAULTS, type HandOptions } from './defaults.ts';
import { loopPlaces, loopPoint, sideEndDistancesMm, type LoopPlace } from './outline-loops.ts';
import type { HandInput, HandResult, OutlineCrossing } from './types.ts';

type Rgb = [number, number, number];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

let channelScratch = new Float64Array(64);

/**
 * The median of one channel of a few colours (the upper one of an even count, as median()),
 * sorted by insertion in a buffer kept between calls: it runs three times for each of the
 * ~1,000 samples round a board, where copying and sorting with a comparator cost ~5 ms a frame.
 */
export function channelMedian(colours: readonly Rgb[], channel: 0 | 1 | 2): number {
  const n = colours.length;
  if (channelScratch.length < n) channelScratch = new Float64Array(2 * n);
  const s = channelScratch;
  for (let i = 0; i < n; i++) {
    const v = colours[i]![channel];
    let j = i - 1;
    while (j >= 0 && s[j]! > v) {
      s[j + 1] = s[j]!;
      j--;
    }
    s[j + 1] = v;
  }
  return n > 0 ? s[n >> 1]! : 0;
}

/**
 * How far a colour is from being the usual one under other light: light and shade scale a
 * colour, glare adds white to it. With the grey part taken out of both, the rest must then
 * point the same way; what is left over is something else lying there.
 *
 * A channel at `clippedLevel` or above may have been cut off by the sensor (glare, a white
 * mat in bright light): its true value is only known to be at least that, so it is a bound,
 * not a value (see clippedUnlitDistance).
 */
export function unlitDistance(c: Rgb, usual: Rgb, maxLightScale: number, clippedLevel = 256): number {
  if (Math.max(c[0], c[1], c[2], usual[0], usual[1], usual[2]) >= clippedLevel) return clippedUnlitDistance(c, usual, maxLightScale, clippedLevel);
  const cm = (c[0] + c[1] + c[2]) / 3;
  const um = (usual[0] + usual[1] + usual[2]) / 3;
  const a: Rgb = [c[0] - cm, c[1] - cm, c[2] - cm];
  const u: Rgb = [usual[0] - um, usual[1] - um, usual[2] - um];
  const uu = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
  // Light scales a colour by a limited amount; a grey made vivid is not the same thing lit.
  const k = uu > 1e-9 ? Math.min(maxLightScale, Math.max(0, (a[0] * u[0] + a[1] * u[1] + a[2] * u[2]) / uu)) : 0;
  return Math.hypot(a[0] - k * u[0], a[1] - k * u[1], a[2] - k * u[2]);
}

/** How one channel enters the fit of c = k * usual + g: exactly, as a bound one way, or not at all. */
const EQUAL = 0;
const AT_LEAST = 1;
const AT_MOST = 2;
const UNKNOWN = 3;

/**
 * unlitDistance with clipped channels: the least misfit of c = k * usual + g (k in
 * 0..maxLightScale, g any grey) where a clipped channel of c only says the model reaches at
 * least that, and one of the usual colour only that the model (k >= 0) is at least what k
 * and g give from it. A channel clipped in both says nothing. Without clipping this is the
 * distance above; a glare spot over wood or a clipped white mat seen unlit then fit.
 */
function clippedUnlitDistance(c: Rgb, usual: Rgb, maxLightScale: number, clippedLevel: number): number {
  const kinds = [0, 1, 2].map((i) => {
    const cClipped = c[i]! >= clippedLevel;
    const uClipped = usual[i]! >= clippedLevel;
    return cClipped && uClipped ? UNKNOWN : cClipped ? AT_LEAST : uClipped ? AT_MOST : EQUAL;
  });
  const r = [0, 0, 0];
  const cost = (g: number): number => {
    let sum = 0;
    for (let i = 0; i < 3; i++) {
      const e = r[i]! - g;
      const kind = kinds[i]!;
      if (kind === EQUAL || (kind === AT_LEAST && e > 0) || (kind === AT_MOST && e < 0)) sum += e * e;
    }
    return sum;
  };
  // The misfit for a given k with the best g: g's cost is a convex piecewise quadratic whose
  // pieces break where a bound starts to bite, so the least of the pieces' own least is it.
  const breaks: number[] = [];
  const misfit2 = (k: number): number => {
    breaks.length = 0;
    for (let i = 0; i < 3; i++) {
      r[i] = c[i]! - k * usual[i]!;
      if (kinds[i] === AT_LEAST || kinds[i] === AT_MOST) breaks.push(r[i]!);
    }
    breaks.sort((x, y) => x - y);
    let best = Infinity;
    for (let s = 0; s <= breaks.length; s++) {
      const lo = s > 0 ? breaks[s - 1]! : -Infinity;
      const hi = s < breaks.length ? breaks[s]! : Infinity;
      const mid = s > 0 && s < breaks.length ? (lo + hi) / 2 : s > 0 ? lo + 1 : s < breaks.length ? hi - 1 : 0;
      let sum = 0;
      let live = 0;
      for (let i = 0; i < 3; i++) {
        const kind = kinds[i]!;
        if (kind === EQUAL || (kind === AT_LEAST && r[i]! > mid) || (kind === AT_MOST && r[i]! < mid)) {
          sum += r[i]!;
          live++;
        }
      }
      const g = live > 0 ? sum / live : mid;
      best = Math.min(best, cost(Math.min(hi, Math.max(lo, g))));
    }
    return best;
  };
  // Convex in k too (the least over g of a function convex in both): a golden-section search.
  let lo = 0;
  let hi = maxLightScale;
  const phi = (Math.sqrt(5) - 1) / 2;
  let x1 = hi - phi * (hi - lo);
  let x2 = lo + phi * (hi - lo);
  let f1 = misfit2(x1);
  let f2 = misfit2(x2);
  for (let it = 0; it < 20; it++) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - phi * (hi - lo);
      f1 = misfit2(x1);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + phi * (hi - lo);
      f2 = misfit2(x2);
    }
  }
  return Math.sqrt(Math.min(f1, f2, misfit2(0), misfit2(maxLightScale)));
}

/**
 * The blocks standing wholly inside the board's outline (sjoelbak's bars, Sling's middle wall),
 * which inner loops cross. Not a frame's blocks, which make the outline: they are the colour
 * the loops over them usually see (carrom's).
 */
type Block = { minXMm: number; minYMm: number; maxXMm: number; maxYMm: number; heightMm: number };

function blocksWithinOutline(profile: HandInput['profile']): Block[] {
  const o = profile.outline;
  const inside = (x: number, y: number) => (o.shape === 'circle' ? Math.hypot(x - o.xMm, y - o.yMm) < o.radiusMm : x > o.minXMm && x < o.maxXMm && y > o.minYMm && y < o.maxYMm);
  return profile.features.flatMap((f) => (f.kind === 'block' && inside(f.minXMm, f.minYMm) && inside(f.maxXMm, f.maxYMm) && inside(f.minXMm, f.maxYMm) && inside(f.maxXMm, f.minYMm) ? [f] : []));
}

/** Which samples of one loop are covered (null: not in the image, or over a block). */
function coveredOnLoop(input: HandInput, places: readonly LoopPlace[], blocks: readonly Block[], offsetMm: number, o: HandOptions): (boolean | null)[] {
  const { frame, calibration: cal, profile } = input;
  const colours: (Rgb | null)[] = [];
  // Samples a found disc covers (its side seen beyond its footprint by up to about its height).
  const heightMm = Math.max(0, ...profile.pieces.map((q) => q.heightMm ?? 0));
  const onDisc: boolean[] = [];
  for (const place of places) {
    const p = loopPoint(profile, offsetMm, place);
    onDisc.push((input.discs ?? []).some((d) => Math.hypot(d.xMm - p.xMm, d.yMm - p.yMm) < d.radiusMm + heightMm));
    // A block standing on the board is another colour than the loop round it, and no arm: where
    // a loop crosses one (or its walls, seen at a slant up to its height beside it), it is not seen.
    if (blocks.some((b) => p.xMm > b.minXMm - b.heightMm && p.xMm < b.maxXMm + b.heightMm && p.yMm > b.minYMm - b.heightMm && p.yMm < b.maxYMm + b.heightMm)) {
      colours.push(null);
      continue;
    }
    const ideal = applyHomography(cal.boardToImage, p.xMm, p.yMm);
    const q = distortPx(cal.lens, ideal.x, ideal.y);
    const xi = Math.round(q.x);
    const yi = Math.round(q.y);
    if (!(xi >= 1 && yi >= 1 && xi < frame.widthPx - 1 && yi < frame.heightPx - 1)) {
      colours.push(null);
      continue;
    }
    // A 3x3 mean: noise and texture smoothed, an arm's edge still sharp.
    const c: Rgb = [0, 0, 0];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const j = ((yi + dy) * frame.widthPx + xi + dx) * 4;
        c[0] += frame.data[j]! / 9;
        c[1] += frame.data[j + 1]! / 9;
        c[2] += frame.data[j + 2]! / 9;
      }
    }
    colours.push(c);
  }
  const seen = colours.filter((c): c is Rgb => c !== null);
  if (seen.length < places.length / 4) return colours.map(() => null);
  // The usual colour here: the median along the loop round the sample (light varies round a
  // board: vignetting, a lamp to one side), over a window wider than two arms.
  const n = colours.length;
  const usualAt: Rgb[] = [];
  for (let k = 0; k < n; k++) {
    const window: Rgb[] = [];
    for (let d = -o.usualWindowSamples; d <= o.usualWindowSamples; d += 2) {
      // Along the same side only: a rectangle's ends may be another material than its sides.
      const j = (k + d + n) % n;
      const w = colours[j];
      if (w && places[j]!.side === places[k]!.side) window.push(w);
    }
    usualAt.push(window.length > 0 ? [channelMedian(window, 0), channelMedian(window, 1), channelMedian(window, 2)] : [0, 0, 0]);
  }
  const distances = colours.map((c, k) => (c ? Math.hypot(c[0] - usualAt[k]![0], c[1] - usualAt[k]![1], c[2] - usualAt[k]![2]) : NaN));
  const spread = median(distances.filter((d) => !Number.isNaN(d)));
  const threshold = Math.max(o.minCoverDistance, o.coverSpreads * spread);
  const differs = (c: Rgb, usual: Rgb) =>
    Math.hypot(c[0] - usual[0], c[1] - usual[1], c[2] - usual[2]) >= threshold && unlitDistance(c, usual, o.maxLightScale, o.clippedLevel) >= o.minUnlitDistance;
  return colours.map((c, k) => {
    if (!c) return null;
    if (onDisc[k] || distances[k]! < threshold || !differs(c, usualAt[k]!)) return false;
    // Near a rectangle's corner the loop turns from one side's surroundings to the next
    // side's (a table's apron or the rail's shadow ends at the corner, the floor goes on):
    // there a sample must differ from the next side's usual colour as well.
    const ends = sideEndDistancesMm(profile, offsetMm, places[k]!);
    const side = places[k]!.side;
    let j = k;
    if (ends.fromStartMm < o.cornerZoneMm) while (places[j]!.side === side && j !== (k + 1) % n) j = (j - 1 + n) % n;
    else if (ends.fromEndMm < o.cornerZoneMm) while (places[j]!.side === side && j !== (k - 1 + n) % n) j = (j + 1) % n;
    return j === k || places[j]!.side === side || !colours[j] || differs(c, usualAt[j]!);
  });
}

/**
 * The width across itself of a band that crosses the loops at a slant: an arm reaching over a
 * long side at a shallow angle (a long table seen end to end, an arm along its side) covers
 * each loop over a long stretch, but the stretch shifts along the side from loop to loop as
 * the arm moves away from the board. The shift per mm outwards gives the band's angle to the
 * side, and the stretch's length times the sine of that angle its width. Light from a lamp, a
 * misplaced loop or a long shadow covers the same stretch on every loop: no shift, and the
 * width stays the stretch's length. NaN when too few loops show a stretch to measure a shift.
 */
function slantedBandWidthMm(loops: readonly (boolean | null)[][], offsetsMm: readonly number[], first: number, alongMm: readonly number[], stepMm: readonly number[], minWidthMm: number): number {
  const centres: { offsetMm: number; centreMm: number; lengthMm: number }[] = [];
  loops.forEach((loop, li) => {
    let lengthMm = 0;
    let moment = 0;
    alongMm.forEach((a, j) => {
      if (loop[(first + j) % loop.length] !== true) return;
      lengthMm += stepMm[j]!;
      moment += a * stepMm[j]!;
    });
    if (lengthMm >= minWidthMm) centres.push({ offsetMm: offsetsMm[li]!, centreMm: moment / lengthMm, lengthMm });
  });
  if (centres.length < 3) return NaN;
  const mo = centres.reduce((s, c) => s + c.offsetMm, 0) / centres.length;
  const mc = centres.reduce((s, c) => s + c.centreMm, 0) / centres.length;
  let sxy = 0;
  let sxx = 0;
  for (const c of centres) {
    sxy += (c.offsetMm - mo) * (c.centreMm - mc);
    sxx += (c.offsetMm - mo) ** 2;
  }
  const shiftPerMm = sxy / sxx;
  const sine = 1 / Math.hypot(1, shiftPerMm);
  return median(centres.map((c) => c.lengthMm)) * sine;
}

/**
 * The loops' offsets: the fixed ones, and one midway across a wide band between the outline and
 * the playing surface (a table's gutters, carrom's frame), where skin shows against the gutter's
 * paint when the wooden rail and table beside it are about its colour.
 */
export function loopOffsetsMm(profile: HandInput['profile'], o: Pick<HandOptions, 'loopOffsetsMm' | 'railBandMinWidthMm'>): number[] {
  const out = profile.outline;
  const surface = profile.surface;
  const band =
    out.shape === 'circle' && surface.shape === 'circle'
      ? out.radiusMm - surface.radiusMm
      : out.shape === 'rect' && surface.shape === 'rect'
        ? Math.min(surface.minXMm - out.minXMm, out.maxXMm - surface.maxXMm, surface.minYMm - out.minYMm, out.maxYMm - surface.maxYMm)
        : 0;
  return band >= o.railBandMinWidthMm ? [...o.loopOffsetsMm, -band / 2] : [...o.loopOffsetsMm];
}

export function detectHand(input: HandInput, options: Partial<HandOptions> = {}): HandResult {
  const o = { ...HAND_DEFAULTS, ...options };
  const places = loopPlaces(input.profile, o.samplesPerLoop);
  const offsetsMm = loopOffsetsMm(input.profile, o);
  const blocks = blocksWithinOutline(input.profile);
  const loops = offsetsMm.map((off) => coveredOnLoop(input, places, blocks, off, o));
  const n = places.length;
  // A place is an arm's if enough loops are seen there and enough of them are covered.
  const arm = Array.from({ length: n }, (_, k) => {
    const states = loops.map((l) => l[k]!);
    const seen = states.filter((s) => s !== null);
    return seen.length >= o.minLoopsSeen && seen.filter((s) => s).length >= o.minLoopsCovered;
  });
  // Widths and places are measured along the outline itself: the loops' samples lie at the same
  // fractions of each side, farther apart on the outer loops and closer on the inner ones.
  const at = (k: number) => loopPoint(input.profile, 0, places[k]!);
  const crossings: OutlineCrossing[] = [];
  const minWidthMm = Math.max(o.minArmWidthMm, o.armWidthPieceDiameters * Math.max(...input.profile.pieces.map((p) => p.diameterMm)));
  // Runs round the loop (a run may wrap past sample 0).
  const start = arm.indexOf(false);
  if (start < 0) return { handOverBoard: false, crossings };
  let k = 0;
  while (k < n) {
    const i = (start + k) % n;
    if (!arm[i]) {
      k++;
      continue;
    }
    let len = 0;
    let widthMm = 0;
    // Distance along the outline of each sample of the run from its start, and each sample's own length.
    const alongMm: number[] = [];
    const stepMm: number[] = [];
    while (k + len < n && arm[(start + k + len) % n]) {
      const a = at((start + k + len) % n);
      const b = at((start + k + len + 1) % n);
      const step = Math.hypot(b.xMm - a.xMm, b.yMm - a.yMm);
      alongMm.push(widthMm + step / 2);
      stepMm.push(step);
      widthMm += step;
      len++;
    }
    const first = (start + k) % n;
    const across = widthMm > o.maxArmWidthMm ? slantedBandWidthMm(loops, offsetsMm, first, alongMm, stepMm, minWidthMm) : widthMm;
    if (across >= minWidthMm && across <= o.maxArmWidthMm) crossings.push({ ...at((first + Math.floor(len / 2)) % n), widthMm: across });
    k += len;
  }
  return { handOverBoard: crossings.length > 0, crossings };
}
