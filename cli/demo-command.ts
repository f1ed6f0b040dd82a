/**
 * `disc-referee demo [--game <id>] [--json]`: plays a bundled rendered match (no camera, no
 * network) through the live referee, printing the calls and the running score as they happen,
 * then the truth of the rendered match beside what the referee made of it, and whether they
 * agree. Exit 0 when they agree, 1 when they do not.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VideoTruth } from '../fixtures/video/types.ts';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import { describe as describeMessage } from '../server/live/live-referee.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import { rgbOf, type Rgb } from '../vision/detect/teams.ts';
import { loadOpenCv } from '../vision/opencv/load-opencv.ts';
import { openVideo } from '../vision/video/open-video.ts';
import { parseArgs, stringFlag } from './args.ts';
import { CliError, EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';
import { formatScore, percentile, runSession } from './live-session.ts';
import { compareWithTruth, describeComparison, truthBeside, truthDecision } from './video-truth.ts';

/** Where the bundled matches live: `<game>-match.mjpeg` with its truth `<game>-match.json`. */
export const BUNDLED_MATCHES_DIR = fileURLToPath(new URL('../fixtures/samples/video/', import.meta.url));

export function bundledMatches(): Record<string, string> {
  if (!existsSync(BUNDLED_MATCHES_DIR)) return {};
  const out: Record<string, string> = {};
  for (const f of readdirSync(BUNDLED_MATCHES_DIR).sort()) {
    const m = /^(.+)-match\.(mjpeg|y4m)$/.exec(f);
    if (m && !out[m[1]!]) out[m[1]!] = join(BUNDLED_MATCHES_DIR, f);
  }
  return out;
}

export async function demoCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, { game: { value: true }, json: { value: false }, quiet: { value: false } });
  if (args.positional.length > 0) throw new CliError(`demo takes no files (got ${args.positional.join(' ')})`, EXIT.usage);
  const game = stringFlag(args, 'game') ?? 'crokinole';
  if (!GAMES[game]) throw new CliError(`unknown game "${game}" (known: ${Object.keys(GAMES).join(', ')})`, EXIT.usage);
  const matches = bundledMatches();
  const path = matches[game];
  if (!path) throw new CliError(`no bundled match for ${game} yet (bundled: ${Object.keys(matches).join(', ') || 'none'})`, EXIT.usage);
  const truth = truthBeside(path);
  if (!truth) throw new CliError(`the bundled match ${path} has no truth beside it`, EXIT.failure);
  return playMatch(path, truth, io, { json: args.flags.json === true, quiet: args.flags.quiet === true });
}

async function playMatch(path: string, truth: VideoTruth, io: CliIo, o: { json: boolean; quiet: boolean }): Promise<number> {
  const rules = GAMES[truth.game]!;
  const profile = BOARD_PROFILES[truth.profileId];
  if (!profile) throw new CliError(`the bundled match uses an unknown board ${truth.profileId}`, EXIT.failure);
  const out = (s: string) => {
    if (!o.json) io.stdout.write(`${s}\n`);
  };
  const teamColors = truth.teams.map((t) => rgbOf(t.color)).filter((c): c is Rgb => c !== null);
  out(`disc-referee demo: a rendered ${rules.name} match (${truth.widthPx}x${truth.heightPx}, ${truth.fps} fps, ${(truth.durationMs / 1000).toFixed(1)} s) through the live referee`);
  out(`teams: ${truth.teams.map((t) => `${t.team} ${t.color}`).join(', ')}; ${truth.setup.teams[0]} starts; ${JSON.stringify(truth.setup.options ?? {})}`);
  const { cv } = await loadOpenCv();
  const video = await openVideo(path, { fps: truth.fps });
  let calibration: Calibration | null = null;
  const session = await runSession(video, {
    cv,
    env: { games: GAMES, profiles: BOARD_PROFILES },
    setup: truth.setup,
    profile,
    teamColors,
    onTrackerEvent: (e) => {
      if (e.type === 'ready') {
        calibration = e.calibration;
        out(`[${(e.tMs / 1000).toFixed(1).padStart(5)} s] board found (fit ${e.calibration.rmsErrorPx.toFixed(2)} px); ${e.board.discs.length} disc(s) on it`);
      }
    },
    onMessage: (m) => {
      if (!o.quiet || m.type !== 'board-change') out(describeMessage(m));
    },
    // No person at the demo: the operator's ruling on a too-close call comes from the truth.
    decide: (pending, referee) => {
      const answers: { discId: string; call: 'clear' | 'touching' }[] = [];
      for (const c of pending.pending) {
        const d = referee.state.board.discs.find((x) => x.id === c.id);
        const call = d && calibration ? truthDecision(truth, calibration, rules, profile, d, pending.tMs) : null;
        if (call) {
          out(`          (demo operator: ${c.id} measured by hand, ruled ${call})`);
          answers.push({ discId: c.id, call });
        }
      }
      return answers;
    },
  });
  const cmp = compareWithTruth(truth, session);
  const cheap = session.cheapMs;
  if (o.json) {
    io.stdout.write(
      `${JSON.stringify({
        formatVersion: 1,
        file: path,
        game: truth.game,
        board: truth.profileId,
        shots: session.messages.filter((m) => m.type === 'shot'),
        finalScore: session.referee.state.scores,
        truth: { shots: truth.shots.length, finalScore: truth.finalScore },
        agree: cmp.agree,
        comparison: cmp,
        journal: session.referee.journal,
      })}\n`,
    );
  } else {
    out('');
    out(`final score: ${formatScore(session.referee.state.scores)} after ${session.referee.state.rounds.length} round(s)${session.referee.state.over ? '' : ' (the match would go on)'}`);
    for (const line of describeComparison(cmp)) out(line);
    out(`(${session.frames} frames in ${(session.wallMs / 1000).toFixed(1)} s: decoding ${(session.decodeMs / session.frames).toFixed(1)} ms/frame, tracking median ${percentile(cheap, 0.5).toFixed(1)} ms/frame)`);
  }
  return cmp.agree ? EXIT.ok : EXIT.failure;
}
