/**
 * npm run bench:live -- [--game crokinole,curling-mat] [--videos crokinole-720p30,...]
 *                       [--formats y4m,mjpeg] [--sample] [--settle-ms 100] [--cpu-clock]
 *                       [--track '{"earlyDetectMs":30}']
 *
 * The live referee on the rendered match videos (rendered on first use, cached in
 * .cache/video/), per game (default: every game with a match script): shots segmented against
 * the truth, hit / no hit and valid / not valid agreement, final scores, the cheap path's time
 * per frame (median, p99; target: median at most 16 ms at 1280x720 on one core), detection
 * time at rest, decoding time, and the delay from the board coming to rest (and clear of
 * hands) to the call (target: at most 150 ms). --sample adds the small matches bundled for
 * the demo; --videos picks videos by name among the games chosen. Frames are timed by the wall
 * clock; --cpu-clock times them by this process's CPU time instead, for a shared, loaded machine
 * (where wall time also counts the waits for a core). On a quiet machine CPU time reads about a
 * third longer than wall time: it also counts the process's other threads (garbage collection,
 * file reads). --track sets tracker options (TRACK_DEFAULTS), to compare one.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, runSession, type SessionResult } from '../../cli/live-session.ts';
import { callDelays, cpuClockMs, type FrameTiming } from './call-delay.ts';
import { compareWithTruth, type Comparison } from '../../cli/video-truth.ts';
import { MATCH_SCRIPTS } from '../../fixtures/video/games.ts';
import { BENCH_VIDEOS, ensureMatchVideo, SAMPLE_VIDEOS, SAMPLES_DIR } from '../../fixtures/video/render-video.ts';
import type { VideoTruth } from '../../fixtures/video/types.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { rgbOf, type Rgb } from '../../vision/detect/teams.ts';
import { loadOpenCv } from '../../vision/opencv/load-opencv.ts';
import { openVideo } from '../../vision/video/open-video.ts';
import { TRACK_DEFAULTS } from '../../vision/track/defaults.ts';
import { optionsFromJson } from '../options-json.ts';
import { existsSync, readFileSync } from 'node:fs';

const args = parseArgs({
  options: {
    game: { type: 'string', default: Object.keys(MATCH_SCRIPTS).join(',') },
    videos: { type: 'string' },
    formats: { type: 'string', default: 'y4m,mjpeg' },
    sample: { type: 'boolean', default: false },
    'settle-ms': { type: 'string' },
    'cpu-clock': { type: 'boolean', default: false },
    track: { type: 'string' },
  },
}).values;

interface Row {
  name: string;
  format: string;
  truth: VideoTruth;
  session: SessionResult;
  cmp: Comparison;
  frames: FrameTiming[];
}

const trackOptions = optionsFromJson('--track', args.track, TRACK_DEFAULTS);
const games = args.game!.split(',');
for (const g of games) {
  if (!MATCH_SCRIPTS[g]) {
    console.error(`no match script for ${g} (scripted: ${Object.keys(MATCH_SCRIPTS).join(', ')})`);
    process.exit(2);
  }
}
const { cv } = await loadOpenCv();
const wanted = args.videos ? new Set(args.videos.split(',')) : null;
const formats = args.formats!.split(',');
const inputs: { name: string; dir: string; truth: VideoTruth }[] = [];
for (const config of BENCH_VIDEOS.filter((v) => games.includes(v.game) && (!wanted || wanted.has(v.name)))) {
  const r = await ensureMatchVideo(config, (done, total, stage) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${config.name}: ${stage} ${done}/${total}   `);
  });
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  if (r.rendered) console.error(`${config.name}: rendered into ${r.truthPath}`);
  inputs.push({ name: config.name, dir: join(r.truthPath, '..'), truth: r.truth });
}
if (args.sample) {
  const dir = join(SAMPLES_DIR, 'video');
  for (const g of games) {
    const sample = SAMPLE_VIDEOS[g];
    const path = sample ? join(dir, `${sample.name}.json`) : '';
    if (sample && existsSync(path)) inputs.push({ name: sample.name, dir, truth: JSON.parse(readFileSync(path, 'utf8')) as VideoTruth });
  }
}

const rows: Row[] = [];
for (const input of inputs) {
  for (const format of formats) {
    const file = format === 'y4m' ? input.truth.files.y4m : format === 'mjpeg' ? input.truth.files.mjpeg : input.truth.files.mp4;
    if (!file) continue;
    const profile = BOARD_PROFILES[input.truth.profileId]!;
    const video = await openVideo(join(input.dir, file), { fps: input.truth.fps });
    const teamColors = input.truth.teams.map((t) => rgbOf(t.color)).filter((c): c is Rgb => c !== null);
    if (process.stderr.isTTY) process.stderr.write(`running ${input.name}.${format}...`);
    const frames: FrameTiming[] = [];
    const session = await runSession(video, {
      cv,
      env: { games: GAMES, profiles: BOARD_PROFILES },
      setup: input.truth.setup,
      profile,
      teamColors,
      // On a loaded, shared machine: frames timed by this process's CPU time (see cpuClockMs).
      ...(args['cpu-clock'] ? { clock: cpuClockMs } : {}),
      track: { ...trackOptions, ...(args['settle-ms'] ? { settleMs: Number(args['settle-ms']) } : {}) },
      onFrame: (i, stats) => {
        frames.push({ tMs: stats.tMs, state: stats.state, cheapMs: stats.cheapMs, detectMs: stats.detectMs });
        if (process.stderr.isTTY && i % 30 === 0) process.stderr.write(`\rrunning ${input.name}.${format}: frame ${i}   `);
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    rows.push({ name: input.name, format, truth: input.truth, session, cmp: compareWithTruth(input.truth, session), frames });
  }
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
const header = ['video', 'fmt', 'size', 'fps', 'shots', 'hit ok', 'valid ok', 'stacks ok', 'score seen', 'score truth', 'ms med', 'ms p99', 'detect', 'decode', 'delay med', 'delay max', 'stop→call'].join('\t');
const summaries: string[] = [];
for (const game of games) {
  const mine = rows.filter((r) => r.truth.game === game);
  if (mine.length === 0) continue;
  console.log(`== ${game}`);
  console.log(header);
  const allDelays: number[] = [];
  const allBacklog: number[] = [];
  const allCheap: number[] = [];
  let shotsSeen = 0;
  let shotsTruth = 0;
  let hitAgree = 0;
  let hitCompared = 0;
  let stackAgree = 0;
  let stackCompared = 0;
  for (const r of mine) {
    const compared = r.cmp.shots.filter((s) => s.truthIndex !== null && s.seenIndex !== null);
    // The call is out when its frame's processing ends, every frame queued on one core.
    const { delays, withBacklog, fromStop, detectMs: detectAtCall } = callDelays(r.truth, r.session, r.cmp, r.frames);
    allDelays.push(...delays);
    allBacklog.push(...withBacklog);
    if (r.truth.widthPx >= 1280) allCheap.push(...r.session.cheapMs);
    shotsSeen += compared.length;
    shotsTruth += r.cmp.shotsTruth;
    hitAgree += r.cmp.hitAgree;
    hitCompared += r.cmp.hitCompared;
    stackAgree += r.cmp.stackAgree;
    stackCompared += r.cmp.stackCompared;
    const score = (s: Record<string, number>) => Object.entries(s).map(([t, p]) => `${t}${p}`).join('-');
    console.log(
      [
        r.name,
        r.format,
        `${r.truth.widthPx}x${r.truth.heightPx}`,
        r.truth.fps,
        `${r.cmp.shotsSeen}/${r.cmp.shotsTruth}`,
        `${f((100 * r.cmp.hitAgree) / Math.max(1, r.cmp.hitCompared), 0)}%`,
        `${f((100 * r.cmp.validAgree) / Math.max(1, r.cmp.hitCompared), 0)}%`,
        r.cmp.stackCompared > 0 ? `${r.cmp.stackAgree}/${r.cmp.stackCompared}` : '-',
        score(r.cmp.finalSeen),
        score(r.cmp.finalTruth),
        f(percentile(r.session.cheapMs, 0.5)),
        f(percentile(r.session.cheapMs, 0.99)),
        f(percentile(detectAtCall, 0.5), 0),
        f(r.session.decodeMs / Math.max(1, r.session.frames)),
        f(percentile(delays, 0.5), 0),
        f(Math.max(...delays), 0),
        f(percentile(fromStop, 0.5), 0),
      ].join('\t'),
    );
  }
  const agree = mine.filter((r) => r.cmp.agree).length;
  const summary = `${game}: ${agree}/${mine.length} runs agree with their truth in full; shots found ${shotsSeen}/${shotsTruth}, hit ok ${f((100 * hitAgree) / Math.max(1, hitCompared), 1)}%${stackCompared > 0 ? `; discs on discs right after ${stackAgree}/${stackCompared} shots that leave one` : ''}; cheap path at 1280x720: median ${f(percentile(allCheap, 0.5))} ms (target <= 16), p99 ${f(percentile(allCheap, 0.99))} ms; call delay median ${f(percentile(allDelays, 0.5), 0)} ms, p90 ${f(percentile(allDelays, 0.9), 0)} ms, max ${f(Math.max(...allDelays), 0)} ms (target <= 150; with the frame loop's backlog: median ${f(percentile(allBacklog, 0.5), 0)} ms, p90 ${f(percentile(allBacklog, 0.9), 0)} ms)`;
  summaries.push(summary);
  console.log(`\n${summary}\n`);
}
console.log('columns: shots seen/truth; hit ok: shots whose hit / no hit matches the truth; valid ok: same for the ruling;');
console.log('stacks ok: of the shots after which a disc lies on another (in the truth or as seen), those where both agree;');
console.log('ms med/p99: the cheap path per frame (downscale, differences, hand, paths); detect: median detection at a rest (ms);');
console.log('decode: reading a frame (y4m: the luma plane; MJPEG: a JPEG decode); delay: from the board being still with no hand in view');
console.log('to the call going out, the still frames processed in turn on one core as they arrive, detection included wherever it');
console.log('ran (decoding not counted); "with the backlog": also any delay the frame loop built up before, while things moved (ms);');
console.log('stop→call: the same from the moment the last disc stopped.');
if (summaries.length > 1) for (const s of summaries) console.log(s);
