/**
 * The live referee on the bundled rendered match: shots segmented and hits seen as the truth
 * has them, the demo agreeing with its truth, and `analyze` on a video (JSON, errors).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectPointMm } from '../fixtures/render/camera.ts';
import { ensureMatchVideo, type MatchVideoConfig } from '../fixtures/video/render-video.ts';
import type { VideoTruth } from '../fixtures/video/types.ts';
import type { BoardState } from '../rules/core/board-state.ts';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import type { BoardProfile } from '../rules/profiles/schema.ts';
import { referencePoints } from '../vision/calibrate/reference-points.ts';
import { rgbOf, type Rgb } from '../vision/detect/teams.ts';
import { loadImageFile } from '../vision/image/load-image-node.ts';
import { loadOpenCv } from '../vision/opencv/load-opencv.ts';
import { ffmpegOnPath, openVideo } from '../vision/video/open-video.ts';
import { analyzeVideo } from './analyze-video.ts';
import { bundledMatches } from './demo-command.ts';
import { resolveGame } from './game-setup.ts';
import { runSession, type SessionResult } from './live-session.ts';
import { main } from './main.ts';
import { compareWithTruth, toTruthFrame, truthBeside } from './video-truth.ts';
import { magentaNear } from '../test/magenta-near.ts';
import { tempDir } from '../test/temp-dir.ts';

function io() {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (c) => (stdout += c));
  err.on('data', (c) => (stderr += c));
  return { io: { stdin: new PassThrough(), stdout: out, stderr: err }, text: () => ({ stdout, stderr }) };
}

const bundled = bundledMatches();
const path = bundled.crokinole!;
let truth: VideoTruth;

beforeAll(() => {
  truth = truthBeside(path)!;
});

async function play(video: string): Promise<{ truth: VideoTruth; session: SessionResult }> {
  const t = truthBeside(video)!;
  const { cv } = await loadOpenCv();
  const session = await runSession(await openVideo(video), {
    cv,
    env: { games: GAMES, profiles: BOARD_PROFILES },
    setup: t.setup,
    profile: BOARD_PROFILES[t.profileId]!,
    teamColors: t.teams.map((x) => rgbOf(x.color)).filter((c): c is Rgb => c !== null),
  });
  return { truth: t, session };
}

/**
 * Hand trips that take away a disc the tracker still holds: one on the board or in the hole
 * (a disc that went off a mat onto the table is out of the tracker's sight and mind).
 */
/** After the last shot: each disc the tracker saw, its distance to the nearest true disc (truth's board frame, mm). */
function lastRestErrorsMm(t: VideoTruth, session: SessionResult): number[] {
  const map = toTruthFrame(t, session.calibration!);
  const last = t.shots.at(-1)!;
  const seen = session.trackerEvents.filter((e) => e.type === 'shot').at(-1)!;
  if (seen.type !== 'shot') throw new Error('not a shot');
  return seen.shot.after.discs.map((d) => {
    const p = map(d.xMm, d.yMm);
    return Math.min(...last.event.after.discs.map((x) => Math.hypot(x.xMm - p.xMm, x.yMm - p.yMm)));
  });
}

function handChanges(t: VideoTruth): number {
  const offBoardAt = (id: string, tMs: number) => {
    const last = t.shots.filter((s) => s.flickMs < tMs && (s.shotDiscId === id || s.movedIds.includes(id))).at(-1);
    return last?.removed.some((r) => r.id === id && r.reason === 'off-board') ?? false;
  };
  return t.handEpisodes.filter((h) => h.purpose !== 'shot' && h.removedIds.some((id) => !offBoardAt(id, h.startMs))).length;
}

const GAMES_BUNDLED = Object.keys(bundled).sort();

describe.each(GAMES_BUNDLED)('live referee on the bundled rendered %s match', (game) => {
  let t: VideoTruth;
  let session: SessionResult;

  beforeAll(async () => {
    ({ truth: t, session } = await play(bundled[game]!));
  }, 120_000);

  it('finds every shot, once, after its disc came to rest', () => {
    const shots = session.messages.filter((m) => m.type === 'shot');
    expect(shots).toHaveLength(t.shots.length);
    shots.forEach((s, i) => {
      // (A disc creeping its last fraction of a millimetre is at rest to a camera.)
      expect(s.tMs).toBeGreaterThanOrEqual(t.shots[i]!.restMs - 50);
      expect(s.tMs).toBeLessThan(t.shots[i + 1]?.flickMs ?? Infinity);
    });
    // Discs taken away by hand are a change by hand, not a shot.
    expect(session.trackerEvents.filter((e) => e.type === 'board-change')).toHaveLength(handChanges(t));
  });

  it('sees who hit whom (by team: two discs of a team can swap places in a crowd) and what left the board', () => {
    const journal = session.referee.journal.filter((e) => e.type === 'shot');
    const teamOfTruth = (id: string) => t.discs.find((d) => d.id === id)!.team;
    t.shots.forEach((ts, i) => {
      const e = journal[i]!;
      if (e.type !== 'shot') throw new Error('not a shot');
      expect(e.shot.shooter).toBe(ts.shooter);
      const teamSeen = (id: string) => (id === e.shot.shotDiscId ? e.shot.shooter : [...e.shot.before.discs, ...e.shot.after.discs].find((d) => d.id === id)?.team);
      // Every contact seen happened; the first contact (the shot disc's) and whether the shot
      // struck an opponent are as in the truth (a disc struck again after stopping may be missed).
      const seen = (e.shot.hits ?? []).map((h) => `${teamSeen(h.byId)}>${teamSeen(h.hitId)}`);
      const want = ts.hits.map((h) => `${teamOfTruth(h.byId)}>${teamOfTruth(h.hitId)}`);
      for (const h of seen) expect(want).toContain(h);
      expect(seen[0]).toBe(want[0]);
      const opp = (hits: string[]) => hits.some((h) => h.startsWith(`${ts.shooter}>`) && !h.endsWith(`>${ts.shooter}`));
      expect(opp(seen)).toBe(opp(want));
      expect((e.shot.removed ?? []).map((r) => r.reason).sort()).toEqual(ts.removed.map((r) => r.reason).sort());
    });
  });

  it("measures where the discs came to rest (in the truth's board frame)", () => {
    const errors = lastRestErrorsMm(t, session);
    for (const nearestMm of errors) expect(nearestMm).toBeLessThan(3);
    expect(errors).toHaveLength(t.shots.at(-1)!.event.after.discs.length);
  });

  it('keeps the score the truth has', () => {
    const cmp = compareWithTruth(t, session);
    expect(cmp.shotsSeen).toBe(cmp.shotsTruth);
    expect(cmp.hitAgree).toBe(cmp.hitCompared);
    expect(cmp.validAgree).toBe(cmp.hitCompared);
    expect(session.referee.state.scores).toEqual(t.finalScore);
  });
});

/**
 * Table shuffleboard has no bundled match (the samples' size budget): a short one is rendered
 * here on first use (cached in .cache/video/), small enough to keep the test quick.
 */
const TABLE_MATCH: MatchVideoConfig = {
  name: 'table-shuffleboard-live-test',
  game: 'table-shuffleboard',
  fps: 30,
  formats: ['mjpeg'],
  jpegQuality: 60,
  // One round, two pucks a side: a puck in a section, a knock-off into the trough, a hanger.
  match: { seed: 2, widthPx: 640, heightPx: 360, discsPerTeam: 2, rounds: 1, noiseSigma: 1.1, handInMs: 320, holdMs: 100, restHoldMs: 450 },
};

describe('live referee on a rendered table shuffleboard match', () => {
  let t: VideoTruth;
  let session: SessionResult;

  beforeAll(async () => {
    const { truthPath, truth } = await ensureMatchVideo(TABLE_MATCH);
    ({ session } = await play(join(truthPath, '..', truth.files.mjpeg!)));
    t = truth;
  }, 180_000);

  it('the match shows a knock-off into the trough and a hanger', () => {
    expect(t.shots.flatMap((s) => s.removed.map((r) => r.reason))).toContain('ditch');
    expect(t.shots.some((s) => s.hits.length > 0)).toBe(true);
    const rules = GAMES['table-shuffleboard']!;
    const last = t.shots.at(-1)!;
    const zones = rules.callDiscs(last.event.after, { profile: BOARD_PROFILES[t.profileId]!, options: { ...rules.defaultOptions, ...t.setup.options } }).map((c) => c.zone);
    expect(zones).toContain('hanger');
  });

  it('finds every shot, once, after its pucks came to rest, with who hit whom and what left the table', () => {
    const shots = session.messages.filter((m) => m.type === 'shot');
    expect(shots).toHaveLength(t.shots.length);
    shots.forEach((s, i) => {
      expect(s.tMs).toBeGreaterThanOrEqual(t.shots[i]!.restMs - 50);
      expect(s.tMs).toBeLessThan(t.shots[i + 1]?.flickMs ?? Infinity);
    });
    const journal = session.referee.journal.filter((e) => e.type === 'shot');
    const teamOfTruth = (id: string) => t.discs.find((d) => d.id === id)!.team;
    t.shots.forEach((ts, i) => {
      const e = journal[i]!;
      if (e.type !== 'shot') throw new Error('not a shot');
      expect(e.shot.shooter).toBe(ts.shooter);
      const teamSeen = (id: string) => (id === e.shot.shotDiscId ? e.shot.shooter : [...e.shot.before.discs, ...e.shot.after.discs].find((d) => d.id === id)?.team);
      expect((e.shot.hits ?? []).map((h) => `${teamSeen(h.byId)}>${teamSeen(h.hitId)}`)).toEqual(ts.hits.map((h) => `${teamOfTruth(h.byId)}>${teamOfTruth(h.hitId)}`));
      expect((e.shot.removed ?? []).map((r) => r.reason).sort()).toEqual(ts.removed.map((r) => r.reason).sort());
    });
  });

  it('measures where the pucks came to rest and keeps the score the truth has', () => {
    const errors = lastRestErrorsMm(t, session);
    expect(errors).toHaveLength(t.shots.at(-1)!.event.after.discs.length);
    for (const nearestMm of errors) expect(nearestMm).toBeLessThan(3);
    const cmp = compareWithTruth(t, session);
    expect(cmp.shotsSeen).toBe(cmp.shotsTruth);
    expect(cmp.hitAgree).toBe(cmp.hitCompared);
    expect(cmp.validAgree).toBe(cmp.hitCompared);
    expect(session.referee.state.scores).toEqual(t.finalScore);
  });
});

describe('disc-referee demo', () => {
  it('plays the bundled crokinole match and agrees with its truth', async () => {
    const r = io();
    const code = await main(['demo'], r.io);
    const { stdout, stderr } = r.text();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/shot 6 \(B/);
    expect(stdout).toMatch(/agrees with the truth/);
    expect(stdout).toContain(`final score: ${Object.entries(truth.finalScore).map(([t, p]) => `${t} ${p}`).join(' - ')}`);
  }, 120_000);

  it.each(GAMES_BUNDLED.filter((g) => g !== 'crokinole'))('plays the bundled %s match with --game and agrees with its truth', async (game) => {
    const t = truthBeside(bundled[game]!)!;
    const r = io();
    const code = await main(['demo', '--game', game], r.io);
    const { stdout, stderr } = r.text();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`a rendered ${GAMES[game]!.name} match`);
    expect(stdout).toContain(`shot ${t.shots.length} (${t.shots.at(-1)!.shooter}`);
    expect(stdout).toMatch(/agrees with the truth/);
    expect(stdout).toContain(`final score: ${Object.entries(t.finalScore).map(([team, p]) => `${team} ${p}`).join(' - ')}`);
  }, 120_000);

  it('bundles mat matches whose stones leave the mat, with what the rules make of it', () => {
    const curling = truthBeside(bundled['curling-mat']!)!;
    expect(curling.shots.flatMap((s) => s.removed.map((r) => r.reason))).toContain('off-board');
    // A stone short of the hog line: not valid, removed.
    expect(curling.shots.some((s) => !s.ruling.valid && s.ruling.removedIds.includes(s.shotDiscId))).toBe(true);
    // Nano Curling: a stone at rest past the back line (still on the sheet) is out by rule.
    const nano = truthBeside(bundled['nano-curling']!)!;
    expect(nano.shots.some((s) => s.removed.length === 0 && s.ruling.removedIds.includes(s.shotDiscId) && s.ruling.notes.some((n) => n.includes('back line')))).toBe(true);
    const shuffle = truthBeside(bundled['shuffleboard-mat']!)!;
    // A stone played off the mat costs its team 10 at once; one knocked off costs nothing.
    const played = shuffle.shots.find((s) => s.removed.some((r) => r.id === s.shotDiscId));
    const knocked = shuffle.shots.find((s) => s.removed.some((r) => r.id !== s.shotDiscId));
    expect(played).toBeDefined();
    expect(knocked).toBeDefined();
    const before = (s: NonNullable<typeof played>) => (s.index === 0 ? { A: 0, B: 0 } : shuffle.shots[s.index - 1]!.scoresAfter);
    expect(played!.roundEnded).toBeUndefined();
    expect(played!.scoresAfter[played!.shooter]).toBe(before(played!)[played!.shooter]! - 10);
    expect(knocked!.roundEnded).toBeUndefined();
    expect(knocked!.scoresAfter).toEqual(before(knocked!));
  });

  it('bundles a sjoelbak match whose discs come to rest in compartments and on the lane', () => {
    const t = truthBeside(bundled.sjoelbak!)!;
    const rules = GAMES.sjoelbak!;
    const profile = BOARD_PROFILES[t.profileId]!;
    const zones = t.shots.map((s) => rules.callDiscs(s.event.after, { profile, options: rules.defaultOptions }).find((c) => c.id === s.shotDiscId)!.zone);
    expect(zones.filter((z) => z.startsWith('compartment-')).length).toBeGreaterThan(1);
    expect(zones).toContain('lane');
  });

  it('says which games have a bundled match', async () => {
    const r = io();
    expect(await main(['demo', '--game', 'pitrush'], r.io)).toBe(2);
    expect(r.text().stderr).toMatch(new RegExp(`no bundled match for pitrush yet \\(bundled: ${GAMES_BUNDLED.join(', ')}\\)`));
  });
});

/**
 * Games with no bundled match (the samples' size budget): a short match rendered small in the
 * test (cached in .cache/video/ after the first run) through the live referee.
 */
const RENDERED_IN_TEST: MatchVideoConfig[] = [
  // Point carrom to 2: a strike that moves a man, the striker into a pocket (a foul), two men pocketed.
  { name: 'carrom-live-test', game: 'carrom', fps: 30, formats: ['y4m'], match: { seed: 1, widthPx: 640, heightPx: 360, discsPerTeam: 3, rounds: 1, targetPoints: 2, noiseSigma: 1.1 } },
  // Sling in Slow mode, two discs a player: through the gate, against the wall, onto a disc.
  { name: 'sling-live-test', game: 'sling', fps: 30, formats: ['y4m'], match: { seed: 1, widthPx: 640, heightPx: 360, discsPerTeam: 2, rounds: 1, noiseSigma: 1.1 } },
  // PitRush in Contest mode, three discs a player (the game ends when all of one player's are in pits): into pits, onto the board, onto the disc lying in a pit.
  { name: 'pitrush-live-test', game: 'pitrush', fps: 30, formats: ['y4m'], match: { seed: 3, widthPx: 640, heightPx: 360, discsPerTeam: 3, rounds: 1, noiseSigma: 1.1 } },
];

describe.each(RENDERED_IN_TEST.map((c) => [c.game, c] as const))('live referee on a %s match rendered in the test', (_game, config) => {
  let t: VideoTruth;
  let session: SessionResult;

  beforeAll(async () => {
    const r = await ensureMatchVideo(config);
    ({ truth: t, session } = await play(join(r.truthPath, '..', r.truth.files.y4m!)));
  }, 120_000);

  it('finds every shot once after the board came to rest, with hit / no hit, validity and the final score of the truth', () => {
    const shots = session.messages.filter((m) => m.type === 'shot');
    expect(shots).toHaveLength(t.shots.length);
    shots.forEach((s, i) => {
      expect(s.tMs).toBeGreaterThanOrEqual(t.shots[i]!.restMs - 50);
      expect(s.tMs).toBeLessThan(t.shots[i + 1]?.flickMs ?? Infinity);
      expect(s.shooter).toBe(t.shots[i]!.shooter);
    });
    const cmp = compareWithTruth(t, session);
    expect(cmp.hitAgree).toBe(cmp.hitCompared);
    expect(cmp.validAgree).toBe(cmp.hitCompared);
    expect(session.referee.state.scores).toEqual(t.finalScore);
    expect(session.referee.state.over).toBe(true);
    expect(cmp.agree).toBe(true);
    // Nothing the rules hold was lost or moved by hand on the way.
    expect(session.messages.filter((m) => m.type === 'warning' && /in play|not seen after the shot|moved by hand/.test(m.text))).toEqual([]);
  });

  it('sees what went into a pocket, and what the first contact of each shot struck', () => {
    const journal = session.referee.journal.filter((e) => e.type === 'shot');
    t.shots.forEach((ts, i) => {
      const e = journal[i]!;
      if (e.type !== 'shot') throw new Error('not a shot');
      expect((e.shot.removed ?? []).map((r) => r.reason).sort()).toEqual(ts.removed.map((r) => r.reason).sort());
      // The shot disc's first contact: with a disc (or none) as in the truth.
      expect(e.shot.hits?.[0]?.byId === e.shot.shotDiscId).toBe(ts.hits[0]?.byId === ts.shotDiscId);
    });
  });

  it("starts from the game's own board: carrom's pieces in play, the striker told from the men and the queen; Sling's and PitRush's boards empty", () => {
    const start = session.referee.journal.find((e) => e.type === 'correction');
    if (config.game !== 'carrom') {
      // Discs come onto a Sling or PitRush board only by being shot.
      expect(start).toBeUndefined();
      return;
    }
    const pieces = t.discs.filter((d) => d.id !== 'S');
    expect(start?.type === 'correction' && start.board.discs.length).toBe(pieces.length);
    if (start?.type !== 'correction') throw new Error('no starting board');
    expect(start.board.discs.filter((d) => d.kind === 'queen')).toHaveLength(1);
    const first = session.trackerEvents.find((e) => e.type === 'shot');
    if (first?.type !== 'shot') throw new Error('no shot');
    expect(first.shot.after.discs.find((d) => d.id === first.shot.shotDiscId)?.kind).toBe('striker');
  });

  it('keeps a PitRush disc that dropped into a pit in play, in that pit, and says whether a disc fell in', () => {
    if (config.game !== 'pitrush') return;
    const profile = BOARD_PROFILES[t.profileId]!;
    const journal = session.referee.journal.filter((e) => e.type === 'shot');
    const fell = t.shots.map((s) => s.ruling.notes.includes('a disc fell into a pit'));
    // The match shows both: shots that drop a disc into a pit and shots that do not.
    expect(fell).toContain(true);
    expect(fell).toContain(false);
    t.shots.forEach((ts, i) => {
      const e = journal[i]!;
      if (e.type !== 'shot') throw new Error('not a shot');
      expect(e.shot.delivery?.fellIntoPit).toBe(fell[i]);
      // Same pits, same colours: seat 1's side of the board found where it is.
      expect(discsInPits(e.shot.after, profile)).toEqual(discsInPits(ts.event.after, profile));
    });
  });
});

/** The pits the rules call discs in, as "pit-3-3 A" (sorted). */
function discsInPits(board: BoardState, profile: BoardProfile): string[] {
  const rules = GAMES.pitrush!;
  return rules
    .callDiscs(board, { profile, options: rules.defaultOptions })
    .filter((c) => c.zone.startsWith('in pit-'))
    .map((c) => `${c.zone.slice(3)} ${c.team}`)
    .sort();
}

describe('analyzeVideo', () => {
  it('emits one JSON object per shot and a final one with the score', async () => {
    const r = io();
    const code = await analyzeVideo(path, { setup: resolveGame('crokinole', undefined, undefined), json: true, progress: false }, r.io);
    expect(code).toBe(0);
    const lines = r.text().stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const shots = lines.filter((l) => l.kind === 'shot');
    expect(shots).toHaveLength(truth.shots.length);
    expect(shots[0]).toMatchObject({ formatVersion: 1, game: 'crokinole', board: 'crokinole-nca-26in', calibration: { found: true }, shot: { number: 1, shooter: 'A' } });
    expect((shots[1] as { discs: unknown[] }).discs.length).toBeGreaterThan(0);
    const final = lines.at(-1)!;
    expect(final).toMatchObject({ kind: 'final', score: truth.finalScore, truth: { agree: true } });
  }, 120_000);

  it('waits the settle time given before each call, and makes the same calls', async () => {
    const r = io();
    expect(await analyzeVideo(path, { setup: resolveGame('crokinole', undefined, undefined), json: true, progress: false, settleMs: 400 }, r.io)).toBe(0);
    const lines = r.text().stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; timestampMs: number; score?: unknown });
    const shots = lines.filter((l) => l.kind === 'shot');
    expect(shots).toHaveLength(truth.shots.length);
    // The still time can start up to ~100 ms before the truth's (the last creep of a disc is
    // below the frame-to-frame test; a hand leaving the board is gone before it leaves the
    // image); with the default settle time every call comes at most 150 ms after it.
    shots.forEach((s, i) => expect(s.timestampMs).toBeGreaterThanOrEqual(truth.shots[i]!.settledMs + 400 - 120));
    // (The longer wait re-detects more often where noise changes the image: a disc a box cut
    // from such a change clipped was once lost, and with it a shot's hit.)
    expect(lines.at(-1)).toMatchObject({ kind: 'final', score: truth.finalScore, truth: { agree: true } });
  }, 120_000);

  it('checks a camera height given against what the board\'s perspective shows, and says so', async () => {
    // The bundled match's camera is tilted 10 degrees, 1250 mm from the board: its perspective
    // measures its height, and a height set twice as high is questioned, the calls unchanged.
    const r = io();
    expect(await analyzeVideo(path, { setup: resolveGame('crokinole', undefined, undefined), json: true, progress: false, cameraHeightMm: 2500 }, r.io)).toBe(0);
    const lines = r.text().stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; warnings?: string[] });
    expect(lines.find((l) => l.kind === 'shot')!.warnings!.join('\n')).toMatch(/perspective puts the camera 1\d{3} mm above the board, not the 2500 mm set/);
    expect(lines.at(-1)).toMatchObject({ kind: 'final', score: truth.finalScore, truth: { agree: true } });
  }, 120_000);

  it('referees a video calibrated from points a person gives', async () => {
    // The bundled sjoelbak match, its playing surface's corners clicked a pixel off where the
    // rendered camera sees them: the fit from there holds, and the match is refereed as from
    // the board's own calibration.
    const sjoelbak = bundled.sjoelbak!;
    const t = truthBeside(sjoelbak)!;
    const profile = BOARD_PROFILES[t.profileId]!;
    const clickedPoints = referencePoints(profile)
      .filter((r) => r.id.startsWith('corner-'))
      .map((r, i) => {
        const p = projectPointMm(t.camera, { xMm: r.xMm, yMm: r.yMm, zMm: 0 });
        return { xPx: p.xPx + (i % 2 ? 1 : -1), yPx: p.yPx + (i % 3 ? -1 : 1), xMm: r.xMm, yMm: r.yMm };
      });
    const r = io();
    const annotateDir = tempDir('points-video-');
    expect(await analyzeVideo(sjoelbak, { setup: resolveGame('sjoelbak', undefined, undefined), json: true, progress: false, clickedPoints, annotateDir, annotateFormat: 'mjpeg' }, r.io)).toBe(0);
    const lines = r.text().stdout.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; calibration?: { method?: string }; warnings?: string[]; annotated?: { shotImages: string[] } });
    expect(lines.find((l) => l.kind === 'shot')!.calibration!.method).toBe('manual');
    const final = lines.at(-1)!;
    expect(final).toMatchObject({ kind: 'final', score: t.finalScore, truth: { agree: true }, warnings: [] });
    // The points given are ringed in magenta on the annotated frames.
    const shot = await loadImageFile(final.annotated!.shotImages[0]!);
    for (const p of clickedPoints) expect(magentaNear(shot, p.xPx, p.yPx, 8)).toBeGreaterThan(5);
  }, 120_000);

  it('reports an unreadable video and a video that needs ffmpeg with exit 3', async () => {
    const dir = tempDir('analyze-video-');
    const junk = join(dir, 'junk.y4m');
    writeFileSync(junk, 'hello');
    const r = io();
    expect(await analyzeVideo(junk, { setup: resolveGame('crokinole', undefined, undefined) }, r.io)).toBe(3);
    expect(r.text().stderr).toMatch(/not a (YUV4MPEG2|y4m)/);
    if (!ffmpegOnPath()) {
      const mp4 = join(dir, 'match.mp4');
      writeFileSync(mp4, 'x');
      const r2 = io();
      expect(await analyzeVideo(mp4, { setup: resolveGame('crokinole', undefined, undefined) }, r2.io)).toBe(3);
      expect(r2.text().stderr).toMatch(/needs ffmpeg on the PATH/);
    }
  });
});
