/** `disc-referee analyze`: find the board and the discs in photos, make the calls (DESIGN.md contract). */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { BoardState, DiscState } from '../rules/core/board-state.ts';
import { defaultMarkerLayout, parseMarkerLayout, type MarkerLayout } from '../vision/calibrate/markers/marker-layout.ts';
import { parseClickedPoints, type ClickedPoint } from '../vision/calibrate/manual.ts';
import { calibrateManually } from '../vision/calibrate/manual-refine.ts';
import { greyOfCalibration } from '../vision/calibrate/calibrate-frame.ts';
import { checkSavedCalibration, parseSavedCalibration, toSaved } from '../vision/calibrate/saved-calibration.ts';
import type { Calibration } from '../vision/calibrate/types.ts';
import { toGray } from '../vision/image/frame.ts';
import { loadImageFile, ImageReadError } from '../vision/image/load-image-node.ts';
import { loadOpenCv } from '../vision/opencv/load-opencv.ts';
import { analyzeFrame } from '../vision/pipeline/analyze-frame.ts';
import { writeAnnotatedPng } from './annotate.ts';
import { parseArgs, stringFlag } from './args.ts';
import { CliError, EXIT } from './exit-codes.ts';
import { freshMatch, resolveGame, type GameSetup } from './game-setup.ts';
import type { CliIo } from './io.ts';
import { cameraHeightSource, cameraWarnings, round2 } from './output-format.ts';
import { parseTeamColours } from './team-colours.ts';

const IMAGE_EXT = new Set(['.png', '.jpg', '.jpeg']);
const VIDEO_EXT = new Set(['.y4m', '.mjpeg', '.mjpg', '.mp4', '.webm', '.mov', '.mkv']);

/** --settle-ms: a time in milliseconds a player would accept waiting for a call (up to 5 s). */
function settleMsFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms <= 0 || ms > 5000) throw new CliError(`--settle-ms must be a time in milliseconds, more than 0 and at most 5000 (got "${value}")`, EXIT.usage);
  return ms;
}

/** --camera-height-mm: a camera's height above a table-top board, measured (10 cm to 10 m). */
function cameraHeightFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mm = Number(value);
  if (!Number.isFinite(mm) || mm < 100 || mm > 10000) throw new CliError(`--camera-height-mm must be the camera's height above the board in millimetres, from 100 to 10000 (got "${value}")`, EXIT.usage);
  return mm;
}

async function expandInputs(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    let s;
    try {
      s = await stat(p);
    } catch {
      out.push(p); // reported as unreadable below
      continue;
    }
    if (s.isDirectory()) {
      const names = (await readdir(p)).filter((n) => IMAGE_EXT.has(extname(n).toLowerCase()) || VIDEO_EXT.has(extname(n).toLowerCase())).sort();
      out.push(...names.map((n) => join(p, n)));
    } else out.push(p);
  }
  return out;
}

export async function analyzeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, {
    game: { value: true },
    variant: { value: true },
    board: { value: true },
    teams: { value: true },
    annotate: { value: true },
    json: { value: false },
    verbose: { value: false },
    calibration: { value: true },
    'save-calibration': { value: true },
    camera: { value: true },
    // `--markers` alone: the board's default layout; `--markers layout.json`: the user's.
    markers: { value: true, optionalValue: (next) => next.toLowerCase().endsWith('.json') },
    'settle-ms': { value: true },
    'camera-height-mm': { value: true },
    points: { value: true },
  });
  const settleMs = settleMsFlag(stringFlag(args, 'settle-ms'));
  const cameraHeightMm = cameraHeightFlag(stringFlag(args, 'camera-height-mm'));
  const height = cameraHeightMm !== undefined ? { cameraHeightMm } : {};
  if (args.positional.length === 0) throw new CliError('analyze needs at least one image, video or folder', EXIT.usage);
  const setup = resolveGame(stringFlag(args, 'game'), stringFlag(args, 'variant'), stringFlag(args, 'board'));
  const teamsArg = stringFlag(args, 'teams');
  const teamColors = teamsArg ? parseTeamColours(teamsArg) : undefined;
  const annotateDir = stringFlag(args, 'annotate');
  if (annotateDir) await mkdir(annotateDir, { recursive: true });
  const inputs = await expandInputs(args.positional);
  if (inputs.length === 0) throw new CliError('no images or videos found in the given folder(s)', EXIT.usage);
  const { cv } = await loadOpenCv();
  const markers = args.flags.markers === undefined ? undefined : await loadMarkerLayout(args.flags.markers, setup.profile);
  const pointsPath = stringFlag(args, 'points');
  if (pointsPath && (markers || stringFlag(args, 'calibration'))) throw new CliError('--points calibrates from the points given: it goes with neither --markers nor --calibration', EXIT.usage);
  const points = pointsPath ? await loadClickedPoints(pointsPath, setup.profile) : undefined;
  let saved = await loadSaved(stringFlag(args, 'calibration'), setup.profile.id);
  const savePath = stringFlag(args, 'save-calibration');
  let exit: number = EXIT.ok;
  for (const file of inputs) {
    if (VIDEO_EXT.has(extname(file).toLowerCase())) {
      // A video goes through the live referee: shots, calls and the running score.
      if (markers) io.stderr.write(`${file}: --markers applies to still images; a video is calibrated from the board's own markings\n`);
      const { analyzeVideo } = await import('./analyze-video.ts');
      const code = await analyzeVideo(file, { setup, variantGiven: stringFlag(args, 'variant') !== undefined, ...(teamColors ? { teamColors } : {}), ...(annotateDir ? { annotateDir } : {}), ...(settleMs !== undefined ? { settleMs } : {}), ...height, ...(points ? { clickedPoints: points } : {}), json: args.flags.json === true }, io);
      exit = Math.max(exit, code);
      continue;
    }
    let frame;
    try {
      frame = await loadImageFile(file);
    } catch (e) {
      if (!(e instanceof ImageReadError)) throw e;
      io.stderr.write(`${e.message}\n`);
      exit = Math.max(exit, EXIT.unreadable);
      continue;
    }
    const teamCount = teamColors?.length ?? 2;
    let reuse: Calibration | undefined;
    const calibrationWarnings: string[] = [];
    if (points) {
      const manual = calibrateManually(cv, toGray(frame), setup.profile, points);
      if ('error' in manual) {
        io.stderr.write(`${file}: --points: ${manual.error}\n`);
        exit = Math.max(exit, EXIT.usage);
        continue;
      }
      reuse = manual.calibration;
      calibrationWarnings.push(...manual.warnings);
    } else if (saved) {
      const check = checkSavedCalibration(greyOfCalibration(saved, () => frame, () => toGray(frame)), setup.profile, saved);
      if (check.stillValid) reuse = saved;
      else io.stderr.write(`${file}: saved calibration not used: ${check.reason}\n`);
    }
    const analysis = analyzeFrame(cv, frame, setup.profile, { teamCount, ...(teamColors ? { teamColors } : {}), ...(reuse ? { calibration: reuse } : {}), ...(markers ? { markers } : {}), ...height });
    // (A calibration from the points is new; one reused from the file is not saved again.)
    if (savePath && analysis.calibration.found && (points || analysis.calibration !== reuse)) {
      await writeFile(savePath, `${JSON.stringify(toSaved(analysis.calibration, stringFlag(args, 'camera') ?? 'default', new Date().toISOString()), null, 2)}\n`);
      saved = analysis.calibration;
    }
    const result = describe(file, setup, { ...analysis, warnings: [...calibrationWarnings, ...(analysis.warnings ?? [])] }, teamCount);
    if (!analysis.calibration.found) exit = Math.max(exit, EXIT.boardNotFound);
    if (annotateDir) {
      const out = join(annotateDir, `${basename(file, extname(file))}.annotated.png`);
      await writeAnnotatedPng(out, frame, setup.profile, analysis.calibration.found ? analysis.calibration : null, analysis.detection, result.calls, result.ids, result.headline, points);
    }
    if (args.flags.json) io.stdout.write(`${JSON.stringify(result.json)}\n`);
    else io.stdout.write(result.text);
  }
  return exit;
}

/** A JSON file a flag names: unreadable (exit 3) and not JSON (exit 2) said with what it is. */
async function readJsonFile(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${what} ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, EXIT.unreadable);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new CliError(`${what} ${path} is not JSON: ${(e as Error).message}`, EXIT.usage);
  }
}

async function loadClickedPoints(path: string, profile: GameSetup['profile']): Promise<ClickedPoint[]> {
  const data = await readJsonFile(path, 'points file');
  const r = parseClickedPoints(data, profile);
  if (!r.ok) throw new CliError(`${path}: ${r.error}`, EXIT.usage);
  return r.points;
}

async function loadMarkerLayout(flag: string | true, profile: GameSetup['profile']): Promise<MarkerLayout> {
  if (flag === true) return defaultMarkerLayout(profile);
  const data = await readJsonFile(flag, 'marker layout');
  const r = parseMarkerLayout(data);
  if (!r.ok) throw new CliError(`${flag}: ${r.error}`, EXIT.usage);
  return r.layout;
}

async function loadSaved(path: string | undefined, profileId: string): Promise<Calibration | null> {
  if (!path) return null;
  const data = await readJsonFile(path, 'calibration');
  const r = parseSavedCalibration(data);
  if (!r.ok) throw new CliError(`${path}: ${r.error}`, EXIT.usage);
  if (r.saved.profileId !== profileId) throw new CliError(`${path} is a calibration for board "${r.saved.profileId}", not "${profileId}"`, EXIT.usage);
  return r.saved.calibration;
}

function describe(file: string, setup: GameSetup, analysis: ReturnType<typeof analyzeFrame>, teamCount: number) {
  const cal = analysis.calibration;
  const warnings: string[] = [...(analysis.warnings ?? [])];
  const teams = Array.from({ length: teamCount }, (_, i) => String.fromCharCode(65 + i));
  if (!cal.found || !analysis.detection) {
    const json = { formatVersion: 1, file, game: setup.rules.id, board: setup.profile.id, calibration: { found: false, reason: cal.found ? '' : cal.reason }, discs: [], score: {}, warnings: [...warnings, cal.found ? 'no detection' : `board not found: ${cal.reason}`] };
    return { json, text: `${file}: board not found: ${cal.found ? '' : cal.reason}\n${warnings.map((w) => `  warning: ${w}\n`).join('')}`, calls: [], ids: [], headline: `board not found` };
  }
  const det = analysis.detection;
  const ids = det.discs.map((_, i) => `d${i + 1}`);
  const discs: DiscState[] = det.discs.map((d, i) => ({
    id: ids[i]!,
    team: d.team ?? '?',
    xMm: d.xMm,
    yMm: d.yMm,
    // Called with the piece's own radius (as the live referee is): a measured radius carries an
    // error of its own that no uncertainty allows for. It is reported as measured below.
    uncertaintyMm: d.uncertaintyMm,
    kind: d.kind,
    ...(d.mayRestOnHidden ? { mayRestOnHidden: true } : {}),
    ...(d.ifOnDiscsMm ? { ifOnDiscsMm: d.ifOnDiscsMm } : {}),
  }));
  const state: BoardState = { discs };
  const match = freshMatch(setup, teams);
  const ctx = { profile: setup.profile, options: setup.options, match, decisions: [] };
  const score = setup.rules.scoreRound(state, ctx);
  // A hand may hide or be moving discs: the image's calls are only what it shows, and no score
  // is given from it (as no board found gives none).
  const withheld = det.handOverBoard;
  if (withheld) warnings.push('a hand or arm is over the board: no call from this image, and no score');
  if (score.pendingIds.length > 0) warnings.push(`${score.pendingIds.length} call(s) too close to call, for a person to decide: ${score.pendingIds.join(', ')}`);
  warnings.push(...cameraWarnings(cal));
  const calls = score.calls;
  const json = {
    formatVersion: 1,
    file,
    game: setup.rules.id,
    board: setup.profile.id,
    calibration: {
      found: true,
      method: cal.method,
      imageToBoard: cal.imageToBoard.map((v) => Number(v.toPrecision(9))),
      rmsErrorPx: round2(cal.rmsErrorPx),
      lensK1: Number(cal.lens.k1.toFixed(5)),
      camera: { tiltDeg: round2(cal.camera.tiltDeg), heightMm: Math.round(cal.camera.centreZMm), focalPx: Math.round(cal.camera.focalPx), heightFrom: cameraHeightSource(cal) },
    },
    discs: det.discs.map((d, i) => {
      const c = calls[i]!;
      return {
        id: ids[i],
        xMm: round2(d.xMm),
        yMm: round2(d.yMm),
        radiusMm: round2(d.radiusMm),
        color: d.color,
        team: d.team,
        zone: c.zone,
        points: c.points,
        call: c.call,
        clearanceMm: round2(c.clearanceMm),
        uncertaintyMm: round2(c.uncertaintyMm),
        confidence: round2(d.confidence),
        ...(c.line ? { line: c.line } : {}),
        ...(c.boundary ? { boundary: c.boundary } : {}),
      };
    }),
    score: withheld ? {} : score.points,
    handOverBoard: withheld,
    teamColors: det.teamColors,
    timingsMs: { calibrate: Math.round(analysis.timings.calibrateMs), detect: Math.round(analysis.timings.detectMs) },
    warnings,
  };
  const scoreText = withheld ? 'withheld (a hand or arm is over the board)' : Object.entries(score.points).map(([t, p]) => `${t} ${p}`).join(' - ');
  const lines = [`${file}: board found (fit ${cal.rmsErrorPx.toFixed(2)} px, camera tilt ${cal.camera.tiltDeg.toFixed(0)} deg), ${det.discs.length} discs; score ${scoreText}`];
  det.discs.forEach((d, i) => {
    const c = calls[i]!;
    lines.push(`  ${ids[i]!.padEnd(4)} team ${d.team ?? '?'}  (${d.xMm.toFixed(1)}, ${d.yMm.toFixed(1)}) mm  ${c.zone.padEnd(5)} ${String(c.points).padStart(3)} pts  ${c.call}${c.line ? ` ${c.line}` : ''}${c.boundary ? ` (${c.boundary})` : ''} by ${c.clearanceMm.toFixed(2)} ± ${c.uncertaintyMm.toFixed(2)} mm`);
  });
  for (const w of warnings) lines.push(`  warning: ${w}`);
  return { json, text: `${lines.join('\n')}\n`, calls, ids, headline: `${setup.rules.name}: ${scoreText}${score.pendingIds.length ? ` (${score.pendingIds.length} too close)` : ''}` };
}
