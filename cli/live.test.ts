/**
 * The live referee on the bundled rendered match: shots segmented and hits seen as the truth
 * has them, the demo agreeing with its truth, and `analyze` on a video (JSON, errors).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VideoTruth } from '../fixtures/video/types.ts';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import { rgbOf, type Rgb } from '../vision/detect/teams.ts';
import { loadOpenCv } from '../vision/opencv/load-opencv.ts';
import { ffmpegOnPath, openVideo } from '../vision/video/open-video.ts';
import { analyzeVideo } from './analyze-video.ts';
import { bundledMatches } from './demo-command.ts';
import { resolveGame } from './game-setup.ts';
import { runSession, type SessionResult } from './live-session.ts';
import { main } from './main.ts';
import { compareWithTruth, toTruthFrame, truthBeside } from './video-truth.ts';

function io() {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (c) => (stdout += c));
  err.on('data', (c) => (stderr += c));
  return { io: { stdin: new PassThrough(), stdout: out, stderr: err }, text: () => ({ stdout, stderr }) };
}

const path = bundledMatches().crokinole!;
let truth: VideoTruth;
let session: SessionResult;

beforeAll(async () => {
  truth = truthBeside(path)!;
  const { cv } = await loadOpenCv();
  session = await runSession(await openVideo(path), {
    cv,
    env: { games: GAMES, profiles: BOARD_PROFILES },
    setup: truth.setup,
    profile: BOARD_PROFILES[truth.profileId]!,
    teamColors: truth.teams.map((t) => rgbOf(t.color)).filter((c): c is Rgb => c !== null),
  });
}, 120_000);

describe('live referee on the bundled rendered match', () => {
  it('finds every shot, once, after its disc came to rest', () => {
    const shots = session.messages.filter((m) => m.type === 'shot');
    expect(shots).toHaveLength(truth.shots.length);
    shots.forEach((s, i) => {
      // (A disc creeping its last fraction of a millimetre is at rest to a camera.)
      expect(s.tMs).toBeGreaterThanOrEqual(truth.shots[i]!.restMs - 50);
      expect(s.tMs).toBeLessThan(truth.shots[i + 1]?.flickMs ?? Infinity);
    });
    // The disc taken away by hand after the miss is a change by hand, not a shot.
    expect(session.trackerEvents.filter((e) => e.type === 'board-change')).toHaveLength(truth.handEpisodes.filter((h) => h.purpose !== 'shot').length);
  });

  it('sees who hit whom (by team: two discs of a team can swap places in a crowd) and what left the board', () => {
    const journal = session.referee.journal.filter((e) => e.type === 'shot');
    const teamOfTruth = (id: string) => truth.discs.find((d) => d.id === id)!.team;
    truth.shots.forEach((t, i) => {
      const e = journal[i]!;
      if (e.type !== 'shot') throw new Error('not a shot');
      expect(e.shot.shooter).toBe(t.shooter);
      const teamSeen = (id: string) => (id === e.shot.shotDiscId ? e.shot.shooter : [...e.shot.before.discs, ...e.shot.after.discs].find((d) => d.id === id)?.team);
      // Every contact seen happened; the first contact (the shot disc's) and whether the shot
      // struck an opponent are as in the truth (a disc struck again after stopping may be missed).
      const seen = (e.shot.hits ?? []).map((h) => `${teamSeen(h.byId)}>${teamSeen(h.hitId)}`);
      const want = t.hits.map((h) => `${teamOfTruth(h.byId)}>${teamOfTruth(h.hitId)}`);
      for (const h of seen) expect(want).toContain(h);
      expect(seen[0]).toBe(want[0]);
      const opp = (hits: string[]) => hits.some((h) => h.startsWith(`${t.shooter}>`) && !h.endsWith(`>${t.shooter}`));
      expect(opp(seen)).toBe(opp(want));
      expect((e.shot.removed ?? []).map((r) => r.reason).sort()).toEqual(t.removed.map((r) => r.reason).sort());
    });
  });

  it('measures where the discs came to rest (in the truth\'s board frame)', () => {
    const map = toTruthFrame(truth, session.calibration!);
    const last = truth.shots.at(-1)!;
    const seen = session.trackerEvents.filter((e) => e.type === 'shot').at(-1)!;
    if (seen.type !== 'shot') throw new Error('not a shot');
    for (const d of seen.shot.after.discs) {
      const p = map(d.xMm, d.yMm);
      const nearest = Math.min(...last.event.after.discs.map((t) => Math.hypot(t.xMm - p.xMm, t.yMm - p.yMm)));
      expect(nearest).toBeLessThan(3);
    }
    expect(seen.shot.after.discs).toHaveLength(last.event.after.discs.length);
  });

  it('keeps the score the truth has', () => {
    const cmp = compareWithTruth(truth, session);
    expect(cmp.shotsSeen).toBe(cmp.shotsTruth);
    expect(cmp.hitAgree).toBe(cmp.hitCompared);
    expect(cmp.validAgree).toBe(cmp.hitCompared);
    expect(session.referee.state.scores).toEqual(truth.finalScore);
  });
});

describe('disc-referee demo', () => {
  it('plays the bundled match and agrees with its truth', async () => {
    const r = io();
    const code = await main(['demo'], r.io);
    const { stdout, stderr } = r.text();
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/shot 6 \(B/);
    expect(stdout).toMatch(/agrees with the truth/);
    expect(stdout).toContain(`final score: ${Object.entries(truth.finalScore).map(([t, p]) => `${t} ${p}`).join(' - ')}`);
  }, 120_000);

  it('says which games have a bundled match', async () => {
    const r = io();
    expect(await main(['demo', '--game', 'carrom'], r.io)).toBe(2);
    expect(r.text().stderr).toMatch(/no bundled match for carrom yet \(bundled: crokinole\)/);
  });
});

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

  it('reports an unreadable video and a video that needs ffmpeg with exit 3', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'analyze-video-'));
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
