/**
 * npm run bench:accuracy -- [--count 200] [--profiles id,id|all] [--shift-mm 0] [--jobs N] [--verbose]
 *                            [--team-colours] [--camera-height truth[+N%]] [--detect '{"option": value}'] [--calibrate '{"option": value}'] [--help]
 *
 * Runs the vision on the synthetic corpus (rendered on first use, cached in .cache/corpus)
 * and prints, per board and overall: board found, disc recall and precision, centre and
 * radius errors, the share of discs placed farther off than their uncertainty (">unc%": the
 * calls trust that bound), teams, wrong calls, too-close calls, exact scores (a scene with a hand over the
 * board is scored right when the score is withheld), the same once a person has ruled on the
 * calls left to them ("decided"), time per image (and of the
 * detection alone, what a calibrated fixed camera pays per image), and
 * how often a hand over the board was seen (and seen where there was none).
 * --shift-mm moves every detection by that much (to show the benchmark notices).
 * --jobs: scenes rendered at once when the corpus is made (default one per core).
 * --team-colours: every board analysed as in a match whose players gave their colours (without
 * it, only boards with neutral pieces are; see matchColours).
 * --camera-height: every scene analysed as by a club that set its camera's height (the CLI's
 * --camera-height-mm): the rendered camera's own, or off by N% (truth+5%, truth-10%) as a
 * height measured badly would be.
 * --detect: detection options (JSON) over the defaults, to compare a setting.
 * --calibrate: calibration options (JSON, those of round and rectangular boards alike) likewise.
 */
import { parseArgs } from 'node:util';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import type { BoardProfile } from '../../rules/profiles/schema.ts';
import { loadImageFile } from '../../vision/image/load-image-node.ts';
import { loadOpenCv } from '../../vision/opencv/load-opencv.ts';
import { analyzeFrame } from '../../vision/pipeline/analyze-frame.ts';
import type { Rgb } from '../../vision/detect/teams.ts';
import { DETECT_DEFAULTS, type DetectOptions } from '../../vision/detect/defaults.ts';
import { CALIBRATE_DEFAULTS, type CalibrateOptions } from '../../vision/calibrate/defaults.ts';
import { RECT_CALIBRATE_DEFAULTS } from '../../vision/calibrate/rect-defaults.ts';
import { optionsFromJson } from '../options-json.ts';
import { givenTeamColours } from './team-colours.ts';
import { ensureCorpus } from './corpus.ts';
import { evaluateScene, summarise, withHandOverBoard, type SceneEvaluation, type Summary } from './evaluate.ts';
import { handOverBoardInScene } from './hand-truth.ts';
import { formatKinds, tallyKinds, type KindTally } from './piece-kinds.ts';

const USAGE = `npm run bench:accuracy -- [--count 200] [--profiles id,id|all] [--shift-mm 0] [--jobs N] [--verbose]
                           [--team-colours] [--camera-height truth[+N%]] [--detect '{"option": value}'] [--calibrate '{"option": value}']
Board profiles: ${Object.keys(BOARD_PROFILES).join(', ')}`;

// (An unknown option prints the usage, not a stack trace.)
let parsed;
try {
  parsed = parseArgs({
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      count: { type: 'string', default: '200' },
      profiles: { type: 'string', default: 'crokinole-nca-26in' },
      'shift-mm': { type: 'string', default: '0' },
      jobs: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      'team-colours': { type: 'boolean', default: false },
      'camera-height': { type: 'string' },
      detect: { type: 'string' },
      calibrate: { type: 'string' },
    },
  }).values;
} catch (e) {
  console.error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
  process.exit(2);
}
const args = parsed;
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const count = Number(args.count);
const shiftMm = Number(args['shift-mm']);
if (!(Number.isInteger(count) && count >= 1)) {
  console.error('--count is a whole number of scenes per board, 1 or more');
  process.exit(2);
}
if (!Number.isFinite(shiftMm)) {
  console.error('--shift-mm is a number of millimetres');
  process.exit(2);
}
const jobs = args.jobs === undefined ? undefined : Number(args.jobs);
if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1)) {
  console.error('--jobs is a whole number, 1 or more');
  process.exit(2);
}
const heightArg = args['camera-height'] === undefined ? null : /^truth(?:([+-]\d+(?:\.\d+)?)%)?$/.exec(args['camera-height']);
if (args['camera-height'] !== undefined && !heightArg) {
  console.error('--camera-height is "truth" or "truth+N%" / "truth-N%" (the rendered camera\'s height, or off by N%)');
  process.exit(2);
}
const heightScale = heightArg ? 1 + Number(heightArg[1] ?? 0) / 100 : null;
const detect: Partial<DetectOptions> = optionsFromJson('--detect', args.detect, DETECT_DEFAULTS);
// (Rectangular boards' options pass through the calibration to calibrateRect.)
const calibrate = optionsFromJson('--calibrate', args.calibrate, { ...CALIBRATE_DEFAULTS, ...RECT_CALIBRATE_DEFAULTS }) as Partial<CalibrateOptions>;
const { cv } = await loadOpenCv();
const rows: { name: string; summary: Summary; medianMs: number; p95Ms: number; detectMedianMs: number }[] = [];
const kindLines: string[] = [];
const handLines: string[] = [];
const all: SceneEvaluation[] = [];
const allMs: number[] = [];
// Detection alone (the board found): what each frame costs a fixed camera once it is calibrated.
const allDetectMs: number[] = [];

function pct(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

/**
 * A board with neutral pieces (PitRush's Contest mode) is refereed in a match whose players gave
 * their colours (the CLI's --teams): a piece of neither colour is neutral, which nothing else
 * tells. Other boards are analysed as a bare image, colours learnt.
 */
function matchColours(profile: BoardProfile, discs: readonly { team: string; kind?: string; color: string }[]): { teamColors: Rgb[] } | Record<string, never> {
  if (!args['team-colours'] && !profile.pieces.some((p) => p.kind === 'neutral')) return {};
  const teamColors = givenTeamColours(discs);
  return teamColors.length >= 2 ? { teamColors } : {};
}

const profileIds = args.profiles === 'all' ? Object.keys(BOARD_PROFILES) : args.profiles!.split(',');
for (const id of profileIds) {
  const profile = BOARD_PROFILES[id];
  if (!profile) {
    console.error(`unknown profile ${id}`);
    process.exit(2);
  }
  const rules = GAMES[profile.game];
  if (!rules) {
    console.error(`no rules for ${profile.game}`);
    process.exit(2);
  }
  const items = await ensureCorpus(profile, count, (done, total, rendered) => {
    if (rendered && process.stderr.isTTY) process.stderr.write(`\rrendering ${id}: ${done}/${total}`);
  }, jobs === undefined ? {} : { jobs });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const evals: SceneEvaluation[] = [];
  const ms: number[] = [];
  const detectMs: number[] = [];
  const kinds: KindTally = {};
  // A hand over the board (found boards only): seen where the scene has one, and false alarms.
  const hands = { withHand: 0, seen: 0, without: 0, falseAlarms: 0 };
  for (const [i, item] of items.entries()) {
    const frame = await loadImageFile(item.pngPath);
    const t0 = performance.now();
    const height = heightScale === null ? {} : { cameraHeightMm: item.truth.camera.centreMm.zMm * heightScale };
    const analysis = analyzeFrame(cv, frame, profile, { ...matchColours(profile, item.truth.discs), detect, calibrate, ...height });
    ms.push(performance.now() - t0);
    if (analysis.detection) detectMs.push(analysis.timings.detectMs);
    const measured = analysis.detection ? analysis.detection.discs.map((d) => ({ ...d, xMm: d.xMm + shiftMm })) : null;
    // An arm that stops short of the board hides nothing: only one over it withholds the score.
    const handInScene = handOverBoardInScene(item.truth, profile);
    const ev = withHandOverBoard(evaluateScene(rules, profile, item.truth, measured), handInScene, analysis.detection?.handOverBoard ?? false);
    evals.push(ev);
    if (profile.pieces.length > 1) tallyKinds(profile, item.truth.discs, measured, kinds);
    if (analysis.detection) {
      const handSeen = analysis.detection.handOverBoard;
      if (handInScene) {
        hands.withHand++;
        if (handSeen) hands.seen++;
      } else {
        hands.without++;
        if (handSeen) hands.falseAlarms++;
      }
    }
    if (args.verbose && (ev.details.length > 0 || !ev.boardFound || ev.matched < ev.expected || ev.falsePositives > 0)) {
      const reason = analysis.calibration.found ? '' : ` board not found: ${analysis.calibration.reason}`;
      console.log(`${item.name}: matched ${ev.matched}/${ev.expected}, false ${ev.falsePositives}${reason}`);
      for (const d of ev.details) console.log(`   ${d}`);
    }
    if (process.stderr.isTTY) process.stderr.write(`\ranalysing ${id}: ${i + 1}/${items.length}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  rows.push({ name: id, summary: summarise(evals), medianMs: pct(ms, 0.5), p95Ms: pct(ms, 0.95), detectMedianMs: pct(detectMs, 0.5) });
  if (profile.pieces.length > 1) kindLines.push(`${id} kinds named right / matched: ${formatKinds(kinds)}`);
  handLines.push(`${id} hand over the board: seen in ${hands.seen} of ${hands.withHand} scenes with one, false alarms in ${hands.falseAlarms} of ${hands.without} without`);
  all.push(...evals);
  allMs.push(...ms);
  allDetectMs.push(...detectMs);
}
rows.push({ name: 'overall', summary: summarise(all), medianMs: pct(allMs, 0.5), p95Ms: pct(allMs, 0.95), detectMedianMs: pct(allDetectMs, 0.5) });

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
console.log(
  ['board', 'scenes', 'found%', 'recall%', 'precis%', 'ctr med', 'ctr p95', 'ctr max', '>unc%', 'rad med', 'team%', 'wrong', 'phantom', 'tooclose', 'tc>=0.5', 'exact%', 'decided%', 'ms med', 'ms p95', 'det med'].join('\t'),
);
for (const r of rows) {
  const s = r.summary;
  console.log(
    [r.name, s.scenes, f(s.boardFoundPct), f(s.recallPct, 2), f(s.precisionPct, 2), f(s.centreMedianMm, 3), f(s.centreP95Mm, 3), f(s.centreMaxMm, 2), f(s.beyondUncertaintyPct, 2), f(s.radiusMedianMm, 3), f(s.teamPct), s.wrongCalls, s.phantomCalls, s.tooClose, s.tooCloseFar, f(s.exactScorePct), f(s.decidedScorePct), f(r.medianMs, 0), f(r.p95Ms, 0), f(r.detectMedianMs, 0)].join('\t'),
  );
}
for (const l of kindLines) console.log(l);
for (const l of handLines) console.log(l);
