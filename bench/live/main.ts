/**
 * npm run bench:live -- [--videos crokinole-720p30,crokinole-720p60] [--formats y4m,mjpeg]
 *                       [--sample] [--settle-ms 100]
 *
 * The live referee on the rendered match videos (rendered on first use, cached in
 * .cache/video/): shots segmented against the truth, hit / no hit and valid / not valid
 * agreement, final scores, the cheap path's time per frame (median, p99; target: median at
 * most 16 ms at 1280x720 on one core), detection time at rest, decoding time, and the delay
 * from the board coming to rest (and clear of hands) to the call (target: at most 150 ms).
 * --sample adds the small match bundled for the demo.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, runSession, type SessionResult } from '../../cli/live-session.ts';
import { compareWithTruth, type Comparison } from '../../cli/video-truth.ts';
import { BENCH_VIDEOS, ensureMatchVideo, SAMPLE_VIDEO, SAMPLES_DIR } from '../../fixtures/video/render-video.ts';
import type { VideoTruth } from '../../fixtures/video/types.ts';
import { GAMES } from '../../rules/games/registry.ts';
import { BOARD_PROFILES } from '../../rules/profiles/registry.ts';
import { rgbOf, type Rgb } from '../../vision/detect/teams.ts';
import { loadOpenCv } from '../../vision/opencv/load-opencv.ts';
import { openVideo } from '../../vision/video/open-video.ts';
import { readFileSync } from 'node:fs';

const args = parseArgs({
  options: {
    videos: { type: 'string', default: BENCH_VIDEOS.map((v) => v.name).join(',') },
    formats: { type: 'string', default: 'y4m,mjpeg' },
    sample: { type: 'boolean', default: false },
    'settle-ms': { type: 'string' },
  },
}).values;

interface Row {
  name: string;
  format: string;
  truth: VideoTruth;
  session: SessionResult;
  cmp: Comparison;
}

const { cv } = await loadOpenCv();
const wanted = new Set(args.videos!.split(','));
const formats = args.formats!.split(',');
const inputs: { name: string; dir: string; truth: VideoTruth }[] = [];
for (const config of BENCH_VIDEOS.filter((v) => wanted.has(v.name))) {
  const r = ensureMatchVideo(config, (done, total, stage) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${config.name}: ${stage} ${done}/${total}   `);
  });
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  if (r.rendered) console.error(`${config.name}: rendered into ${r.truthPath}`);
  inputs.push({ name: config.name, dir: join(r.truthPath, '..'), truth: r.truth });
}
if (args.sample) {
  const dir = join(SAMPLES_DIR, 'video');
  inputs.push({ name: SAMPLE_VIDEO.name, dir, truth: JSON.parse(readFileSync(join(dir, `${SAMPLE_VIDEO.name}.json`), 'utf8')) as VideoTruth });
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
    const session = await runSession(video, {
      cv,
      env: { games: GAMES, profiles: BOARD_PROFILES },
      setup: input.truth.setup,
      profile,
      teamColors,
      ...(args['settle-ms'] ? { track: { settleMs: Number(args['settle-ms']) } } : {}),
      onFrame: (i) => {
        if (process.stderr.isTTY && i % 30 === 0) process.stderr.write(`\rrunning ${input.name}.${format}: frame ${i}   `);
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    rows.push({ name: input.name, format, truth: input.truth, session, cmp: compareWithTruth(input.truth, session) });
  }
}

const f = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');
console.log(['video', 'fmt', 'size', 'fps', 'shots', 'hit ok', 'valid ok', 'score seen', 'score truth', 'ms med', 'ms p99', 'detect', 'decode', 'delay med', 'delay max', 'stop→call'].join('\t'));
const allDelays: number[] = [];
const allCheap: number[] = [];
for (const r of rows) {
  const compared = r.cmp.shots.filter((s) => s.truthIndex !== null && s.seenIndex !== null);
  // The call comes after the stream delay plus the detection's own time.
  const detectAtCall = r.session.detectMs.filter((x) => x > 0);
  const delays = compared.map((s, i) => s.delayMs! + (detectAtCall[i] ?? 0));
  const fromStop = compared.map((s, i) => s.delayFromStopMs! + (detectAtCall[i] ?? 0));
  allDelays.push(...delays);
  if (r.truth.widthPx >= 1280) allCheap.push(...r.session.cheapMs);
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
console.log('');
console.log('columns: shots seen/truth; hit ok: shots whose hit / no hit matches the truth; valid ok: same for the ruling;');
console.log('ms med/p99: the cheap path per frame (downscale, differences, hand, paths); detect: median detection at a rest (ms);');
console.log('decode: reading a frame (y4m: the luma plane; MJPEG: a JPEG decode); delay: from the board being still with no hand in view');
console.log('to the call, stream time plus detection time (ms); stop→call: the same from the moment the last disc stopped.');
const agree = rows.filter((r) => r.cmp.agree).length;
console.log(`\n${agree}/${rows.length} runs agree with their truth in full; cheap path at 1280x720: median ${f(percentile(allCheap, 0.5))} ms (target <= 16), p99 ${f(percentile(allCheap, 0.99))} ms; call delay median ${f(percentile(allDelays, 0.5), 0)} ms, p90 ${f(percentile(allDelays, 0.9), 0)} ms (target <= 150)`);
