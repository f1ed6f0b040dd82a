/**
 * Teams by colour. With the teams' colours given, each disc goes to the nearest; otherwise
 * the colours are learnt by k-means over the discs seen (teams labelled A, B, ... from the
 * darkest colour up, a stable order a person can check on the annotated image).
 */
export type Rgb = [number, number, number];

export function hexOf(c: Rgb): string {
  return `#${c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}

export function rgbOf(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : null;
}

/** A colour space where distances follow what people see a little better than RGB: chroma weighs more than light. */
function features(c: Rgb): [number, number, number] {
  const [r, g, b] = c;
  const l = 0.299 * r + 0.587 * g + 0.114 * b;
  return [l * 0.6, (r - g) * 1.0, (r + g - 2 * b) * 0.5];
}

/** Distance of two colours as people tell them apart (see features): a shadow differs from the board it falls on far less than a coloured disc does. */
export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.sqrt(dist2(features(a), features(b)));
}

function dist2(a: readonly number[], b: readonly number[]): number {
  return (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2 + (a[2]! - b[2]!) ** 2;
}

/**
 * Discs of a colour no team plays (PitRush's neutral discs), given the teams' colours: a disc
 * is one when its colour is farther from every team's colour than `minDistance` and than
 * `spreadFactor` times how far that team's discs typically are from it (the lower median).
 * Measured twice: from the given colours, then from the colours the team's discs have in this
 * image (the median of those the first pass kept), since light moves a whole team off its given
 * colour together (a grey disc in bright light comes near a given white, not near the white
 * discs seen beside it).
 */
export function farFromEveryTeam(colors: readonly Rgb[], given: readonly Rgb[], minDistance: number, spreadFactor: number): number[] {
  if (given.length === 0) return [];
  const pts = colors.map(features);
  const far = (centres: readonly number[][]): boolean[] => {
    const dists = pts.map((p) => centres.map((c) => Math.sqrt(dist2(p, c))));
    const nearest = dists.map((d) => d.indexOf(Math.min(...d)));
    const typical = centres.map((_, k) => lowerMedian(dists.filter((_, i) => nearest[i] === k).map((d) => d[k]!)));
    return dists.map((d, i) => d[nearest[i]!]! > Math.max(minDistance, spreadFactor * typical[nearest[i]!]!));
  };
  const givenCentres = given.map(features);
  const first = far(givenCentres);
  const seen = givenCentres.map((c, k) => {
    const own = pts.filter((p, i) => !first[i] && nearestOf(p, givenCentres) === k);
    return own.length ? [0, 1, 2].map((j) => lowerMedian(own.map((p) => p[j]!))) : c;
  });
  return far(seen).flatMap((f, i) => (f ? [i] : []));
}

function nearestOf(p: readonly number[], centres: readonly number[][]): number {
  let best = 0;
  for (let k = 1; k < centres.length; k++) if (dist2(p, centres[k]!) < dist2(p, centres[best]!)) best = k;
  return best;
}

function lowerMedian(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
}

/** Lloyd's k-means from the given start; returns the centres and their sum of squared distances. */
function kMeans(pts: readonly number[][], start: readonly number[][]): { centres: number[][]; sse: number } {
  let centres = start.map((c) => [...c]);
  const k = centres.length;
  const owner = new Int32Array(pts.length).fill(-1);
  for (let it = 0; it < 20; it++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    let moved = false;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i]!;
      const o = nearestOf(p, centres);
      if (o !== owner[i]) [owner[i], moved] = [o, true];
      const s = sums[o]!;
      s[0]! += p[0]!;
      s[1]! += p[1]!;
      s[2]! += p[2]!;
      s[3]! += 1;
    }
    // Same owners as last time: the centres would not move again.
    if (!moved) break;
    centres = centres.map((c, i) => (sums[i]![3]! > 0 ? [sums[i]![0]! / sums[i]![3]!, sums[i]![1]! / sums[i]![3]!, sums[i]![2]! / sums[i]![3]!] : c));
  }
  let sse = 0;
  for (const p of pts) sse += dist2(p, centres[nearestOf(p, centres)]!);
  return { centres: centres.slice(0, k), sse };
}

/**
 * Team colours learnt from the discs' colours: k-means from several deterministic starts (spread
 * along lightness, along each colour axis, and farthest points), the tightest clustering kept. One
 * start alone can settle with a stray colour (a disc in glare) as a team of its own and both
 * teams' discs as the other, when the teams' colours are near each other (red and orange).
 * With two teams every pair of discs starts a run as well.
 */
const maxPairStartDiscs = 40;

function learnCentres(pts: readonly number[][], k: number): number[][] {
  const along = (j: number) => {
    const order = [...pts.keys()].sort((a, b) => pts[a]![j]! - pts[b]![j]! || a - b);
    return Array.from({ length: k }, (_, i) => pts[order[Math.min(order.length - 1, Math.round((i * (order.length - 1)) / Math.max(1, k - 1)))]!]!);
  };
  const farthest = (first: number) => {
    const chosen = [pts[first]!];
    while (chosen.length < k) {
      let best = 0;
      let bestD = -1;
      pts.forEach((p, i) => {
        const d = Math.min(...chosen.map((c) => dist2(p, c)));
        if (d > bestD) [best, bestD] = [i, d];
      });
      chosen.push(pts[best]!);
    }
    return chosen;
  };
  const byLight = [...pts.keys()].sort((a, b) => pts[a]![0]! - pts[b]![0]! || a - b);
  // Lightness first: on a tie the start used before the others were added wins.
  const starts = [along(0), along(1), along(2), farthest(byLight[0]!), farthest(byLight[byLight.length - 1]!)];
  // Two teams among a board's few discs: every pair of discs is a start too (a few thousand cheap runs at most).
  if (k === 2 && pts.length <= maxPairStartDiscs) for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) starts.push([pts[i]!, pts[j]!]);
  let best = kMeans(pts, starts[0]!);
  for (const s of starts.slice(1)) {
    const r = kMeans(pts, s);
    if (r.sse < best.sse - 1e-6) best = r;
  }
  return best.centres;
}

export interface TeamAssignment {
  labels: string[];
  colors: Record<string, string>;
  /** Per disc: how much nearer its own team colour is than the next (0..1). */
  margins: number[];
}

/**
 * Two learnt colour groups nearer than this (colourDistance) are one team: the nearest two
 * teams' colours in the corpus (two woods) are 44 apart, red and orange 71; three red stones,
 * the only team found on a Nano Curling sheet (seed 29), were 1-3 apart and were split into two.
 */
const ONE_TEAM_MAX_SEPARATION = 20;

/** Gains per channel a light's brightness and white balance may put on a colour. */
const CAST_GAIN_RANGE: readonly [number, number] = [0.5, 2];
/** The image's groups of colours lie this close to the given colours under one light (a share of the given colours' least distance apart). */
const CAST_MAX_RESIDUAL_SHARE = 0.25;

function permutations(n: number): number[][] {
  if (n <= 1) return [[0]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, i) => [...p.slice(0, i), n - 1, ...p.slice(i)]));
}

/**
 * The given team colours as this image's light shows them: the discs' own groups of colours
 * (k-means), each taken for the given colour that one brightness and white balance (a gain per
 * channel) maps onto it best. Null when no such light explains the groups (one team alone on
 * the board, split by shade into two groups, is not mistaken for both teams): the given
 * colours are then taken as they are. A warm light moves a light wooden team's discs nearer
 * a darker wooden team's given colour than their own (assignTeams asks only when the given
 * colours leave a team without discs).
 */
export function litTeamColours(colors: readonly Rgb[], given: readonly Rgb[]): Rgb[] | null {
  const k = given.length;
  if (k < 2 || k > 4 || colors.length < k) return null;
  const pts = colors.map(features);
  const centres = learnCentres(pts, k);
  // Each group's mean colour (RGB), from the discs nearest its centre.
  const sums = centres.map(() => [0, 0, 0, 0]);
  pts.forEach((p, i) => {
    const s = sums[nearestOf(p, centres)]!;
    for (let j = 0; j < 3; j++) s[j]! += colors[i]![j]!;
    s[3]! += 1;
  });
  if (sums.some((s) => s[3]! === 0)) return null;
  const groups = sums.map((s) => [s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!] as Rgb);
  let apart = Infinity;
  for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) apart = Math.min(apart, colourDistance(given[a]!, given[b]!));
  let best: { lit: Rgb[]; residual: number } | null = null;
  for (const perm of permutations(k)) {
    // Group perm[t] is team t's: least-squares gain per channel from the given colours to the groups.
    const gain = [0, 1, 2].map((j) => {
      let num = 0;
      let den = 0;
      for (let t = 0; t < k; t++) {
        num += given[t]![j]! * groups[perm[t]!]![j]!;
        den += given[t]![j]! ** 2;
      }
      return den > 0 ? num / den : 1;
    });
    if (gain.some((g) => g < CAST_GAIN_RANGE[0] || g > CAST_GAIN_RANGE[1])) continue;
    const lit = given.map((c) => [c[0] * gain[0]!, c[1] * gain[1]!, c[2] * gain[2]!] as Rgb);
    const residual = Math.max(...lit.map((c, t) => colourDistance(c, groups[perm[t]!]!)));
    if (!best || residual < best.residual) best = { lit, residual };
  }
  return best && best.residual <= CAST_MAX_RESIDUAL_SHARE * apart ? best.lit : null;
}

/**
 * Teams learnt again from the discs most to be trusted when at least this many of them go to
 * each team: those in the board's usual light (see TeamColours.brightened: glare over 9 of 20
 * discs, red ones turned pink, orange ones cream, had the teams learnt as the lit and the unlit
 * discs); and, where a team was learnt from doubtful discs alone (found too little round their
 * rim), those also found surely (a painted rosette taken for a puck, 45% of its rim found, in a
 * brown like no team's, was learnt as a team of its own and all four pucks, red and orange, as
 * the other). The others are then put with the nearest colour learnt.
 */
const LEARN_TRUSTED_MIN_PER_TEAM = 2;

/**
 * Team colours learnt from trusted discs alone (see LEARN_TRUSTED_MIN_PER_TEAM), or null where
 * fewer of them than that go to some team (a stray colour among them is no team), or they are
 * one team's alone (two teams learnt from one team split by shade would take the other team for
 * part of theirs).
 */
function learnTrusted(trusted: readonly number[][], k: number): number[][] | null {
  if (trusted.length < LEARN_TRUSTED_MIN_PER_TEAM * k) return null;
  const centres = learnCentres(trusted, k);
  if (k === 2 && Math.sqrt(dist2(centres[0]!, centres[1]!)) < ONE_TEAM_MAX_SEPARATION) return null;
  const owned = centres.map((_, c) => trusted.filter((p) => nearestOf(p, centres) === c).length);
  return owned.every((n) => n >= LEARN_TRUSTED_MIN_PER_TEAM) ? centres : null;
}

/** The colour a features vector stands for (features inverted). */
function rgbOfFeatures(f: readonly number[]): Rgb {
  // l = 0.299 r + 0.587 g + 0.114 b, d1 = r - g, d2 = r + g - 2 b.
  const l = f[0]! / 0.6;
  const d1 = f[1]!;
  const d2 = f[2]! / 0.5;
  // r = g + d1, b = (r + g - d2) / 2 = g + (d1 - d2) / 2.
  const g = (l - 0.299 * d1 - 0.114 * ((d1 - d2) / 2)) / (0.299 + 0.587 + 0.114);
  return [g + d1, g, g + (d1 - d2) / 2];
}

/** How the light a disc lay in was seen (see TeamColours in glare-lift.ts). */
export interface SeenLight {
  brightened: readonly boolean[];
  clipped: readonly (readonly number[] | null)[];
  liftUnknown: readonly boolean[];
}

/**
 * The cost, per grey level, of the light taken to have been added to a lightened face: of two
 * teams a face may be, the one it needs less light to be (a clipped white face is a white disc
 * lit a little more than a black one lit very much).
 */
const ADDED_LIGHT_COST = 0.1;

/**
 * How far a disc's colour is from a team's (features). Channels clipped in glare hold only the
 * least they can be: there the team's own value counts, when it is more. A face lightened by an
 * unmeasured light is the team's colour with light added alike in every channel (clipped at
 * white): the nearest such colour, plus what the light added costs.
 */
function distanceTo(colour: Rgb, centre: readonly number[], clipped: readonly number[] | null, liftUnknown: boolean): number {
  const team = rgbOfFeatures(centre);
  if (clipped) return Math.sqrt(dist2(features(colour.map((v, c) => (clipped.includes(c) ? Math.max(v, team[c]!) : v)) as Rgb), centre));
  const seen = features(colour);
  if (!liftUnknown) return Math.sqrt(dist2(seen, centre));
  let best = Infinity;
  for (let added = 0; added <= 255; added++) {
    const lit = team.map((v) => Math.min(255, v + added)) as Rgb;
    best = Math.min(best, Math.sqrt(dist2(features(lit), seen)) + ADDED_LIGHT_COST * added);
  }
  return best;
}

/**
 * `seen`: which discs lie in a light brighter than the board's usual, and how it was seen (see
 * SeenLight); `unsure`: which were found too little round their rim to be sure of. The teams'
 * colours are learnt from the discs in the usual light where enough of them are, and from those
 * also found surely where a team was learnt from unsure discs alone (see
 * LEARN_TRUSTED_MIN_PER_TEAM); the others are put with the nearest (see distanceTo).
 */
export function assignTeams(colors: readonly Rgb[], teamCount: number, given?: readonly Rgb[], seen?: SeenLight, unsure?: readonly boolean[]): TeamAssignment {
  const brightened = seen?.brightened;
  const k = given?.length ?? teamCount;
  const pts = colors.map(features);
  let centres: number[][];
  if (given && given.length > 0) {
    centres = given.map(features);
    // A given colour no disc is nearest: the light may have moved a team off its colour (see litTeamColours).
    const owners = new Set(pts.map((p) => nearestOf(p, centres)));
    const lit = owners.size < given.length ? litTeamColours(colors, given) : null;
    if (lit) centres = lit.map(features);
  } else {
    if (pts.length === 0) return { labels: [], colors: {}, margins: [] };
    centres = learnCentres(pts, k);
    const unlit = brightened ? pts.filter((_, i) => !brightened[i]) : pts;
    if (unlit.length < pts.length) centres = learnTrusted(unlit, k) ?? centres;
    // A team learnt from doubtful discs alone, where the sure ones show every team: a stray
    // colour (see LEARN_TRUSTED_MIN_PER_TEAM).
    if (unsure) {
      const owners = pts.map((p) => nearestOf(p, centres));
      const withSure = new Set(owners.filter((_, i) => !unsure[i]));
      if (new Set(owners).size > withSure.size) centres = learnTrusted(pts.filter((_, i) => !brightened?.[i] && !unsure[i]), k) ?? centres;
    }
    centres.sort((a, b) => a[0]! - b[0]!);
    // Groups nearer than any two teams' colours are one team's discs in different light (the
    // other team has none on the board): learnt as two teams, half of them would be miscalled.
    if (k === 2 && Math.sqrt(dist2(centres[0]!, centres[1]!)) < ONE_TEAM_MAX_SEPARATION) centres = [[0, 1, 2].map((j) => (centres[0]![j]! + centres[1]![j]!) / 2)];
  }
  const names = centres.map((_, i) => String.fromCharCode(65 + i));
  const labels: string[] = [];
  const margins: number[] = [];
  const sumsRgb = centres.map(() => [0, 0, 0, 0]);
  pts.forEach((_, idx) => {
    const d = centres.map((c) => distanceTo(colors[idx]!, c, seen?.clipped[idx] ?? null, seen?.liftUnknown[idx] ?? false));
    const order = [...d.keys()].sort((a, b) => d[a]! - d[b]!);
    const best = order[0]!;
    labels.push(names[best]!);
    margins.push(order.length > 1 ? (d[order[1]!]! - d[best]!) / (d[order[1]!]! + d[best]! + 1e-9) : 1);
    const s = sumsRgb[best]!;
    const c = colors[idx]!;
    s[0]! += c[0];
    s[1]! += c[1];
    s[2]! += c[2];
    s[3]! += 1;
  });
  const teamColors: Record<string, string> = {};
  names.forEach((n, i) => {
    const s = sumsRgb[i]!;
    if (given?.[i]) teamColors[n] = hexOf(given[i]!);
    else if (s[3]! > 0) teamColors[n] = hexOf([s[0]! / s[3]!, s[1]! / s[3]!, s[2]! / s[3]!]);
  });
  return { labels, colors: teamColors, margins };
}
