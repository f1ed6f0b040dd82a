/**
 * Comparing what the live referee made of a rendered match video with the match's truth
 * (the JSON written beside every rendered video): shots found, hit or no hit, valid or not,
 * the final score, and how long after the board came to rest each call was made.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { mat3Invert, undistortPx as undistortCameraPx } from '../fixtures/render/camera.ts';
import type { VideoTruth } from '../fixtures/video/types.ts';
import type { BoardState, TeamId } from '../rules/core/board-state.ts';
import type { GameRules } from '../rules/core/define-rules.ts';
import type { BoardProfile } from '../rules/profiles/schema.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import { applyHomography } from '../vision/geometry/homography.ts';
import { distortPx } from '../vision/geometry/lens.ts';
import type { RefereeMessage } from '../server/live/live-referee.ts';
import type { SessionResult } from './live-session.ts';

/** The truth beside a video (`name.json`), when there is one. */
export function truthBeside(videoPath: string): VideoTruth | null {
  const p = join(dirname(videoPath), `${basename(videoPath, extname(videoPath))}.json`);
  if (!existsSync(p)) return null;
  try {
    const t = JSON.parse(readFileSync(p, 'utf8')) as VideoTruth;
    return t.kind === 'match-video' ? t : null;
  } catch {
    return null;
  }
}

export interface ShotComparison {
  truthIndex: number | null;
  seenIndex: number | null;
  truthHit: boolean | null;
  seenHit: boolean | null;
  /** The shot hit an opposing disc (directly or by carom): what the must-hit rule asks. */
  truthHitOpponent: boolean | null;
  seenHitOpponent: boolean | null;
  truthValid: boolean | null;
  seenValid: boolean | null;
  /** Call time minus the time the board was at rest and clear of hands (stream ms). */
  delayMs: number | null;
  /** Call time minus the time the last disc stopped (stream ms). */
  delayFromStopMs: number | null;
  /** Discs lying on another after the shot, as "team of the one on top/team of the one under", sorted. */
  truthStacks: string[] | null;
  seenStacks: string[] | null;
}

export interface Comparison {
  shotsTruth: number;
  shotsSeen: number;
  shots: ShotComparison[];
  hitAgree: number;
  hitCompared: number;
  validAgree: number;
  /** Shots with a disc lying on another after them (in the truth or as seen), and those where both agree. */
  stackCompared: number;
  stackAgree: number;
  finalTruth: Record<TeamId, number>;
  finalSeen: Record<TeamId, number>;
  scoresAgree: boolean;
  /** Everything agrees: same shots, same hits, same validity, same final score. */
  agree: boolean;
}

type ShotMessage = Extract<RefereeMessage, { type: 'shot' }>;

/** Whether the truth and what was seen leave the same discs lying on others after a shot. */
function sameStacks(c: ShotComparison): boolean {
  return JSON.stringify(c.truthStacks) === JSON.stringify(c.seenStacks);
}

/** The stacks on a board: "team on top/team under" for every disc lying on another, sorted. */
function stacksOf(board: BoardState): string[] {
  const teamOf = new Map(board.discs.map((d) => [d.id, d.team]));
  return board.discs.flatMap((d) => (d.onTopOfId ? [`${d.team}/${teamOf.get(d.onTopOfId) ?? '?'}`] : [])).sort();
}

export function compareWithTruth(truth: VideoTruth, session: Pick<SessionResult, 'messages' | 'referee'>): Comparison {
  const seen = session.messages.filter((m): m is ShotMessage => m.type === 'shot');
  const journalShots = session.referee.journal.filter((e) => e.type === 'shot');
  const shots: ShotComparison[] = [];
  const used = new Set<number>();
  const teamOfTruth = (id: string) => truth.discs.find((d) => d.id === id)?.team;
  truth.shots.forEach((t, ti) => {
    const until = truth.shots[ti + 1]?.flickMs ?? Infinity;
    const si = seen.findIndex((s, k) => !used.has(k) && s.tMs >= t.flickMs && s.tMs < until);
    if (si >= 0) used.add(si);
    const s = si >= 0 ? seen[si]! : null;
    const ev = s ? journalShots.find((e) => e.type === 'shot' && e.shot.shotDiscId === s.shotDiscId && e.shot.shooter === s.shooter) : undefined;
    const teamSeen = (id: string) => (ev && ev.type === 'shot' ? [...ev.shot.before.discs, ...ev.shot.after.discs].find((d) => d.id === id)?.team : undefined);
    const truthHitOpponent = t.hits.some((h) => teamOfTruth(h.byId) === t.shooter && teamOfTruth(h.hitId) !== t.shooter);
    const seenHitOpponent = s ? s.hits.some((h) => (h.byId === s.shotDiscId ? s.shooter : teamSeen(h.byId)) === s.shooter && teamSeen(h.hitId) !== undefined && teamSeen(h.hitId) !== s.shooter) : null;
    shots.push({
      truthIndex: ti,
      seenIndex: si >= 0 ? si : null,
      truthHit: t.hits.length > 0,
      seenHit: s ? s.hits.length > 0 : null,
      truthHitOpponent,
      seenHitOpponent,
      truthValid: t.ruling.valid,
      seenValid: s ? s.valid : null,
      delayMs: s ? s.tMs - t.settledMs : null,
      delayFromStopMs: s ? s.tMs - t.restMs : null,
      truthStacks: stacksOf(t.event.after),
      seenStacks: ev && ev.type === 'shot' ? stacksOf(ev.shot.after) : null,
    });
  });
  seen.forEach((s, k) => {
    if (!used.has(k)) shots.push({ truthIndex: null, seenIndex: k, truthHit: null, seenHit: s.hits.length > 0, truthHitOpponent: null, seenHitOpponent: null, truthValid: null, seenValid: s.valid, delayMs: null, delayFromStopMs: null, truthStacks: null, seenStacks: null });
  });
  const compared = shots.filter((c) => c.truthIndex !== null && c.seenIndex !== null);
  const hitAgree = compared.filter((c) => c.truthHit === c.seenHit).length;
  const validAgree = compared.filter((c) => c.truthValid === c.seenValid).length;
  const withStacks = compared.filter((c) => (c.truthStacks?.length ?? 0) > 0 || (c.seenStacks?.length ?? 0) > 0);
  const stackAgree = withStacks.filter(sameStacks).length;
  const finalSeen = session.referee.state.scores;
  const teams = Object.keys(truth.finalScore);
  const scoresAgree = teams.every((t) => finalSeen[t] === truth.finalScore[t]) && Object.keys(finalSeen).length === teams.length;
  const agree = scoresAgree && seen.length === truth.shots.length && compared.length === truth.shots.length && hitAgree === compared.length && validAgree === compared.length && stackAgree === withStacks.length;
  return { shotsTruth: truth.shots.length, shotsSeen: seen.length, shots, hitAgree, hitCompared: compared.length, validAgree, stackCompared: withStacks.length, stackAgree, finalTruth: truth.finalScore, finalSeen, scoresAgree, agree };
}

export function describeComparison(c: Comparison): string[] {
  const score = (s: Record<string, number>) => Object.entries(s).map(([t, p]) => `${t} ${p}`).join(' - ');
  const yn = (b: boolean | null) => (b === null ? '-' : b ? 'yes' : 'no');
  const lines = [`truth: ${c.shotsTruth} shots, final score ${score(c.finalTruth)}`, `seen:  ${c.shotsSeen} shots, final score ${score(c.finalSeen)}`];
  for (const s of c.shots) {
    const tag = s.truthIndex === null ? 'extra shot (not in the truth)' : s.seenIndex === null ? `truth shot ${s.truthIndex + 1}: not seen` : `shot ${s.truthIndex + 1}`;
    if (s.truthIndex === null || s.seenIndex === null) {
      lines.push(`  ${tag}`);
      continue;
    }
    const ok = s.truthHit === s.seenHit && s.truthValid === s.seenValid && sameStacks(s) ? 'agree' : 'DIFFER';
    const stacks = (x: string[] | null) => (x && x.length > 0 ? x.join(', ') : 'none');
    const stackNote = (s.truthStacks?.length ?? 0) > 0 || (s.seenStacks?.length ?? 0) > 0 ? `, discs on discs ${stacks(s.truthStacks)}/${stacks(s.seenStacks)}` : '';
    lines.push(`  ${tag}: hit ${yn(s.truthHit)}/${yn(s.seenHit)}, valid ${yn(s.truthValid)}/${yn(s.seenValid)}${stackNote} (truth/seen), called ${s.delayMs!.toFixed(0)} ms after the board was still: ${ok}`);
  }
  lines.push(c.agree ? 'the referee agrees with the truth of the rendered match' : 'the referee does NOT agree with the truth of the rendered match');
  return lines;
}

/**
 * Board millimetres as the tracker measures them to the truth's board millimetres: through
 * the image (the tracker's calibration to pixels, the rendering camera back to the board),
 * which also undoes a board turned by its symmetry (a crokinole board looks the same turned by
 * a quarter).
 */
export function toTruthFrame(truth: VideoTruth, cal: Calibration): (xMm: number, yMm: number) => { xMm: number; yMm: number } {
  const camera = { intrinsics: truth.camera.intrinsics, pose: truth.camera.pose };
  const imageToBoard = mat3Invert(truth.boardToImage);
  return (xMm, yMm) => {
    const ideal = applyHomography(cal.boardToImage, xMm, yMm);
    const seen = distortPx(cal.lens, ideal.x, ideal.y);
    const p = undistortCameraPx(camera.intrinsics, { xPx: seen.x, yPx: seen.y });
    const w = imageToBoard[6]! * p.xPx + imageToBoard[7]! * p.yPx + imageToBoard[8]!;
    return { xMm: (imageToBoard[0]! * p.xPx + imageToBoard[1]! * p.yPx + imageToBoard[2]!) / w, yMm: (imageToBoard[3]! * p.xPx + imageToBoard[4]! * p.yPx + imageToBoard[5]!) / w };
  };
}

/**
 * What a person with a gauge would rule on a too-close call, from the truth: the call on the
 * true disc nearest to where the tracker saw it, on the board as the truth had it then.
 */
export function truthDecision(truth: VideoTruth, cal: Calibration, rules: GameRules<any>, profile: BoardProfile, disc: { xMm: number; yMm: number }, tMs: number): 'clear' | 'touching' | null {
  const last = [...truth.shots].reverse().find((s) => s.settledMs <= tMs + 1);
  if (!last) return null;
  const p = toTruthFrame(truth, cal)(disc.xMm, disc.yMm);
  const board = last.boardAfterRules;
  let best: { id: string; d: number } | null = null;
  for (const d of board.discs) {
    const dist = Math.hypot(d.xMm - p.xMm, d.yMm - p.yMm);
    if (!best || dist < best.d) best = { id: d.id, d: dist };
  }
  if (!best || best.d > 10) return null;
  const exact: BoardState = { ...board, discs: board.discs.map((d) => ({ ...d, uncertaintyMm: 0 })) };
  const resolved = rules.resolveOptions(truth.setup.variant, truth.setup.options ?? {});
  const options = resolved.ok ? resolved.options : rules.defaultOptions;
  const call = rules.callDiscs(exact, { profile, options }).find((c) => c.id === best!.id);
  return call ? (call.clearanceMm > 0 ? 'clear' : 'touching') : null;
}
