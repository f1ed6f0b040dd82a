import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectPointMm } from '../fixtures/render/camera.ts';
import { sample } from '../fixtures/samples/samples.ts';
import { handOverBoardInScene } from '../bench/accuracy/hand-truth.ts';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import { referencePoints } from '../vision/calibrate/reference-points.ts';
import { applyHomography, invert3 } from '../vision/geometry/homography.ts';
import type { Frame } from '../vision/image/frame.ts';
import { loadImageFile } from '../vision/image/load-image-node.ts';
import { ffmpegOnPath, openVideo } from '../vision/video/open-video.ts';
import { main } from './main.ts';
import { truthBeside } from './video-truth.ts';
import { magentaNear } from '../test/magenta-near.ts';
import { tempDir } from '../test/temp-dir.ts';

async function run(argv: string[]) {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (c) => (stdout += c));
  err.on('data', (c) => (stderr += c));
  const stdin = new PassThrough();
  stdin.end();
  const code = await main(argv, { stdin, stdout: out, stderr: err });
  return { code, stdout, stderr };
}

describe('disc-referee analyze', () => {
  it('analyses the bundled example: board found, the truth score, an annotated image', async () => {
    const dir = tempDir('annotate-');
    const r = await run(['analyze', 'examples/crokinole.jpg', '--game', 'crokinole', '--json', '--annotate', dir]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout.trim());
    expect(json.formatVersion).toBe(1);
    expect(json.calibration.found).toBe(true);
    expect(json.calibration.imageToBoard).toHaveLength(9);
    for (const d of json.discs) for (const k of ['xMm', 'yMm', 'radiusMm', 'color', 'team', 'zone', 'points', 'call', 'clearanceMm', 'uncertaintyMm', 'confidence']) expect(d).toHaveProperty(k);
    // The truth of the scene the example was rendered from, scored by the rules.
    const truth = sample('crokinole-clean').truth;
    const profile = BOARD_PROFILES['crokinole-nca-26in']!;
    const discs = truth.discs.filter((d) => d.state !== 'hole').map((d) => ({ id: d.id, team: d.team, xMm: d.xMm, yMm: d.yMm }));
    const hole: Record<string, number> = {};
    for (const d of truth.discs) if (d.state === 'hole') hole[d.team] = (hole[d.team] ?? 0) + 1;
    const truthScore = GAMES.crokinole!.scoreRound({ discs, hole }, { profile, options: GAMES.crokinole!.defaultOptions }).points;
    // Team labels come from colour; compare the multiset of team totals.
    expect(Object.values(json.score).sort()).toEqual(Object.values(truthScore).sort());
    expect(existsSync(join(dir, 'crokinole.annotated.png'))).toBe(true);
  });

  it('saves a calibration and reuses it on the next image (faster, same calls)', async () => {
    const dir = tempDir('cal-');
    const file = join(dir, 'cal.json');
    const first = await run(['analyze', 'examples/crokinole.jpg', '--game', 'crokinole', '--json', '--save-calibration', file, '--camera', 'table-1']);
    expect(first.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    const again = await run(['analyze', 'examples/crokinole.jpg', '--game', 'crokinole', '--json', '--calibration', file]);
    expect(again.code).toBe(0);
    const a = JSON.parse(first.stdout.trim());
    const b = JSON.parse(again.stdout.trim());
    expect(b.score).toEqual(a.score);
    expect(b.calibration.imageToBoard).toEqual(a.calibration.imageToBoard);
    const wrongBoard = await run(['analyze', 'examples/crokinole.jpg', '--game', 'crokinole', '--board', 'crokinole-rec-24in', '--calibration', file]);
    expect(wrongBoard.code).toBe(2);
    expect(wrongBoard.stderr).toMatch(/calibration for board "crokinole-nca-26in"/);
  });

  it('takes the camera height a club measured, where the camera is too straight above to show it', async () => {
    // Rendered with the camera 1137 mm above the board, tilted 3 degrees.
    const image = 'fixtures/samples/crokinole-random-1.jpg';
    const assumed = JSON.parse((await run(['analyze', image, '--game', 'crokinole', '--json'])).stdout.trim());
    expect(assumed.calibration.camera.heightFrom).toBe('typical-webcam');
    expect(assumed.warnings.join('\n')).toMatch(/typical webcam lens/);
    const calFile = join(tempDir('height-'), 'cal.json');
    const r = await run(['analyze', image, '--game', 'crokinole', '--json', '--camera-height-mm', '1137', '--save-calibration', calFile]);
    expect(r.code).toBe(0);
    const set = JSON.parse(r.stdout.trim());
    // Saved with the calibration: the next session needs no flag.
    const reused = JSON.parse((await run(['analyze', image, '--game', 'crokinole', '--json', '--calibration', calFile])).stdout.trim());
    expect(reused.calibration.camera).toEqual(set.calibration.camera);
    expect(reused.discs).toEqual(set.discs);
    expect(set.calibration.camera).toMatchObject({ heightFrom: 'set', heightMm: 1137 });
    expect(set.warnings.join('\n')).not.toMatch(/typical webcam lens/);
    expect(set.calibration.imageToBoard).toEqual(assumed.calibration.imageToBoard);
    // Each disc's parallax correction is no longer counted as uncertain (mean 4.7 -> 3.7 mm), and
    // a 15th disc, a true one, is found.
    expect(set.discs.length).toBeGreaterThanOrEqual(assumed.discs.length);
    const mean = (j: { discs: { uncertaintyMm: number }[] }) => j.discs.reduce((a, d) => a + d.uncertaintyMm, 0) / j.discs.length;
    expect(mean(set)).toBeLessThan(mean(assumed) * 0.9);
    // A tilted camera's perspective measures its height: a height set far from it is questioned.
    const tilted = JSON.parse((await run(['analyze', 'fixtures/samples/crokinole-clean.png', '--game', 'crokinole', '--json', '--camera-height-mm', '2000'])).stdout.trim());
    expect(tilted.calibration.camera.heightFrom).toBe('perspective');
    expect(tilted.warnings.join('\n')).toMatch(/perspective puts the camera 1\d{3} mm above the board, not the 2000 mm set/);
    const bad = await run(['analyze', image, '--game', 'crokinole', '--camera-height-mm', 'tall']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--camera-height-mm must be the camera's height above the board in millimetres/);
  }, 120_000);

  it('calibrates a board not found on its own from points a person gives, and saves it', async () => {
    // Sjoelbak sample 2: no quadrilateral in the image matches the board's outline. Its four
    // corners and the gate bar's ends, where the rendered camera sees them, clicked 1.5 px off.
    const image = 'fixtures/samples/sjoelbak-standard-40x200-random-2.jpg';
    const truth = sample('sjoelbak-standard-40x200-random-2').truth;
    expect((await run(['analyze', image, '--game', 'sjoelbak'])).code).toBe(4);
    const dir = tempDir('points-');
    const names = ['corner-1', 'corner-2', 'corner-3', 'corner-4', 'gate-bar-front-face-end-1', 'gate-bar-front-face-end-2'];
    const refs = new Map(referencePoints(BOARD_PROFILES['sjoelbak-standard-40x200']!).map((r) => [r.id, r]));
    const points = names.map((at, i) => {
      const r = refs.get(at)!;
      const p = projectPointMm(truth.camera, { xMm: r.xMm, yMm: r.yMm, zMm: 0 });
      return { at, xPx: p.xPx + (i % 2 ? 1.5 : -1.5), yPx: p.yPx + (i % 3 ? -1.5 : 1.5) };
    });
    writeFileSync(join(dir, 'points.json'), JSON.stringify({ points }));
    const r = await run(['analyze', image, '--game', 'sjoelbak', '--json', '--points', join(dir, 'points.json'), '--save-calibration', join(dir, 'cal.json'), '--annotate', dir]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout.trim());
    // The annotated image rings each point given in magenta (a colour nothing else is drawn in).
    const annotated = await loadImageFile(join(dir, 'sjoelbak-standard-40x200-random-2.annotated.png'));
    for (const p of points) expect(magentaNear(annotated, p.xPx, p.yPx, 12)).toBeGreaterThan(10);
    expect(magentaNear(annotated, 960, 540, 12)).toBe(0);
    expect(json.calibration.method).toBe('manual');
    expect(json.warnings.join('\n')).toMatch(/calibrated from the points alone/);
    // 22 of its 24 discs, each within 15 mm of where it is and in its zone (start or lane).
    expect(json.discs.length).toBeGreaterThanOrEqual(22);
    for (const d of json.discs) {
      const near = truth.discs.map((t) => ({ t, e: Math.hypot(t.xMm - d.xMm, t.yMm - d.yMm) })).sort((a, b) => a.e - b.e)[0]!;
      expect(near.e).toBeLessThan(15);
      expect(d.zone).toBe(truth.expected!.calls.find((c) => c.id === near.t.id)!.zone);
    }
    // The saved calibration needs no points on the next image.
    const again = JSON.parse((await run(['analyze', image, '--game', 'sjoelbak', '--json', '--calibration', join(dir, 'cal.json')])).stdout.trim());
    expect(again.calibration.imageToBoard).toEqual(json.calibration.imageToBoard);
    expect(again.discs).toEqual(json.discs);
    // What a person gets wrong is said.
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ points: [{ at: 'corner-5', xPx: 1, yPx: 1 }] }));
    const unknown = await run(['analyze', image, '--game', 'sjoelbak', '--points', join(dir, 'bad.json')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no point "corner-5" on board sjoelbak-standard-40x200 \(its points: corner-1, /);
    writeFileSync(join(dir, 'outside.json'), JSON.stringify({ points: [...points.slice(1), { at: 'corner-1', xPx: 2500, yPx: 10 }] }));
    const outside = await run(['analyze', image, '--game', 'sjoelbak', '--points', join(dir, 'outside.json')]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/point \(2500, 10\) px lies outside the 1920x1080 image/);
    const both = await run(['analyze', image, '--game', 'sjoelbak', '--points', join(dir, 'points.json'), '--markers']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--points .* goes with neither --markers nor --calibration/);
  }, 120_000);

  // A committed PitRush sample whose scene has an arm reaching over the board.
  it('gives no score from an image with an arm over the board, and says so', async () => {
    expect(handOverBoardInScene(sample('pitrush-standard-random-2').truth, BOARD_PROFILES['pitrush-standard']!)).toBe(true);
    const withArm = await run(['analyze', 'fixtures/samples/pitrush-standard-random-2.jpg', '--game', 'pitrush', '--json']);
    expect(withArm.code).toBe(0);
    const json = JSON.parse(withArm.stdout.trim());
    expect(json.handOverBoard).toBe(true);
    expect(json.score).toEqual({});
    expect(json.discs.length).toBeGreaterThan(0);
    expect(json.warnings.join('\n')).toMatch(/hand or arm is over the board: no call from this image, and no score/);
    const text = await run(['analyze', 'fixtures/samples/pitrush-standard-random-2.jpg', '--game', 'pitrush']);
    expect(text.stdout).toMatch(/score withheld \(a hand or arm is over the board\)/);
    // Without one, the score is given.
    const clear = JSON.parse((await run(['analyze', 'examples/crokinole.jpg', '--game', 'crokinole', '--json'])).stdout.trim());
    expect(clear.handOverBoard).toBe(false);
    expect(Object.keys(clear.score).length).toBeGreaterThan(0);
  });

  it('reports unreadable files and images without a board with their exit codes', async () => {
    const missing = await run(['analyze', 'no/such/file.png', '--game', 'crokinole']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/cannot read/);
    const notImage = await run(['analyze', 'package.json', '--game', 'crokinole']);
    expect(notImage.code).toBe(3);
    const { createCanvas } = await import('@napi-rs/canvas');
    const { writeFileSync } = await import('node:fs');
    const c = createCanvas(320, 240);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#557799';
    ctx.fillRect(0, 0, 320, 240);
    const blank = join(tempDir('blank-'), 'blank.png');
    writeFileSync(blank, c.toBuffer('image/png'));
    const noBoard = await run(['analyze', blank, '--game', 'crokinole', '--json']);
    expect(noBoard.code).toBe(4);
    expect(JSON.parse(noBoard.stdout.trim()).calibration.found).toBe(false);
    const noArgs = await run(['analyze', '--game', 'crokinole']);
    expect(noArgs.code).toBe(2);
  });
});

/** The mp4 tests need ffmpeg: without it they fail and say so (CI installs it). */
function requireFfmpeg(): void {
  if (!ffmpegOnPath()) throw new Error('ffmpeg is not on the PATH: install it (Debian: apt-get install ffmpeg) to run the mp4 tests');
}

async function frameAt(path: string, index: number, fps?: number): Promise<Frame> {
  const video = await openVideo(path, fps ? { fps } : {});
  try {
    for await (const f of video.frames()) if (f.index === index) return f.toFrame();
  } finally {
    video.close();
  }
  throw new Error(`${path} has no frame ${index}`);
}

/** Pixels of a square window where some channel differs by more than `threshold`, and the mean difference. */
function differ(a: Frame, b: Frame, cx: number, cy: number, half: number, threshold: number): { count: number; mean: number } {
  let count = 0;
  let sum = 0;
  let n = 0;
  for (let y = Math.max(0, Math.round(cy - half)); y <= Math.min(a.heightPx - 1, Math.round(cy + half)); y++) {
    for (let x = Math.max(0, Math.round(cx - half)); x <= Math.min(a.widthPx - 1, Math.round(cx + half)); x++) {
      const j = (y * a.widthPx + x) * 4;
      let worst = 0;
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a.data[j + c]! - b.data[j + c]!));
      if (worst > threshold) count++;
      sum += worst;
      n++;
    }
  }
  return { count, mean: sum / Math.max(1, n) };
}

describe('disc-referee analyze <video>', () => {
  const video = 'fixtures/samples/video/crokinole-match.mjpeg';
  const dir = tempDir('annotate-video-');
  let lines: Record<string, any>[] = [];

  beforeAll(async () => {
    const r = await run(['analyze', video, '--game', 'crokinole', '--json', '--annotate', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, any>);
  }, 300_000);

  it('--annotate writes an image per shot at its call, a contact sheet and an annotated video', async () => {
    requireFfmpeg();
    const source = await openVideo(video);
    const { widthPx, heightPx, fps, frameCount } = source.info;
    source.close();
    const shots = lines.filter((l) => l.kind === 'shot');
    const final = lines.at(-1)!;
    expect(shots.length).toBeGreaterThan(0);
    expect(final.annotated).toMatchObject({ videoFormat: 'mp4', frames: frameCount, video: join(dir, 'crokinole-match.annotated.mp4'), contactSheet: join(dir, 'crokinole-match.shots.png') });
    expect(final.annotated.shotImages).toEqual(shots.map((s) => join(dir, `crokinole-match.shot-${String(s.shot.number).padStart(2, '0')}.png`)));

    // The annotated video reads back: every frame, the source's size.
    const annotated = await openVideo(final.annotated.video);
    let frames = 0;
    for await (const f of annotated.frames()) {
      expect([f.widthPx, f.heightPx]).toEqual([widthPx, heightPx]);
      frames++;
    }
    expect(frames).toBe(frameCount);

    // The contact sheet holds every shot: columns of thumbnails, a caption under each.
    const sheet = await loadImageFile(final.annotated.contactSheet);
    const cols = Math.min(4, Math.ceil(Math.sqrt(shots.length)));
    const rows = Math.ceil(shots.length / cols);
    const thumbH = Math.round((heightPx * Math.min(widthPx, 480)) / widthPx);
    expect([sheet.widthPx, sheet.heightPx]).toEqual([cols * (Math.min(widthPx, 480) + 8) + 8, rows * (thumbH + 22 + 8) + 8]);

    // Each shot image is the frame of its call with the discs marked: where a disc lies the
    // pixels differ from the source frame; a corner with no disc and no label is untouched.
    const H = invert3(final.calibration.imageToBoard)!;
    for (const s of shots) {
      const png = await loadImageFile(join(dir, `crokinole-match.shot-${String(s.shot.number).padStart(2, '0')}.png`));
      expect([png.widthPx, png.heightPx]).toEqual([widthPx, heightPx]);
      const index = Math.round((s.timestampMs * fps) / 1000);
      const src = await frameAt(video, index);
      for (const d of s.discs.filter((x: { xMm: number | null }) => x.xMm !== null)) {
        const p = applyHomography(H, d.xMm, d.yMm);
        expect(differ(png, src, p.x, p.y, 12, 40).count).toBeGreaterThan(10);
      }
      expect(differ(png, src, 12, heightPx - 13, 10, 0).count).toBe(0);
    }
    // The same marks on the video's frame of a call (through H.264: differences well over its noise).
    const last = shots.filter((s) => s.discs.some((x: { xMm: number | null }) => x.xMm !== null)).at(-1)!;
    const index = Math.round((last.timestampMs * fps) / 1000);
    const [src, out] = [await frameAt(video, index), await frameAt(final.annotated.video, index)];
    const disc = last.discs.find((x: { xMm: number | null }) => x.xMm !== null);
    const p = applyHomography(H, disc.xMm, disc.yMm);
    expect(differ(out, src, p.x, p.y, 12, 40).count).toBeGreaterThan(10);
    expect(differ(out, src, 12, heightPx - 13, 10, 40).count).toBe(0);
  }, 300_000);

  it('reads an mp4 (through ffmpeg) and makes the same calls as on the Motion JPEG', async () => {
    requireFfmpeg();
    const tmp = tempDir('mp4-');
    const truth = JSON.parse(readFileSync(video.replace(/\.mjpeg$/, '.json'), 'utf8')) as { fps: number };
    const mp4 = join(tmp, 'crokinole-match.mp4');
    const enc = spawnSync('ffmpeg', ['-v', 'error', '-y', '-f', 'mjpeg', '-framerate', String(truth.fps), '-i', video, '-c:v', 'libx264', '-crf', '18', '-pix_fmt', 'yuv420p', mp4], { encoding: 'utf8' });
    expect(enc.stderr).toBe('');
    expect(enc.status).toBe(0);
    // The match set up as for the Motion JPEG (the JSON beside a video carries it).
    copyFileSync(video.replace(/\.mjpeg$/, '.json'), join(tmp, 'crokinole-match.json'));
    const r = await run(['analyze', mp4, '--game', 'crokinole', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const got = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, any>);
    // Disc ids are the tracker's own numbering (a flicker of noise takes a number): compared
    // without them, each shot's ruling, hits, removals and scores.
    const noIds = (text: string) => text.replace(/\bd\d+\b/g, 'd#');
    const shotsOf = (ls: Record<string, any>[]) =>
      ls
        .filter((l) => l.kind === 'shot')
        .map((l) => ({
          number: l.shot.number,
          round: l.shot.round,
          shooter: l.shot.shooter,
          valid: l.shot.valid,
          hits: l.shot.hits.length,
          removed: l.shot.removed.map((x: { reason: string }) => x.reason).sort(),
          notes: l.shot.notes.map(noIds),
          takeAway: l.shot.takeAway.length,
          calls: l.discs.map((d: { team: string; zone: string; points: number; call: string }) => `${d.team} ${d.zone} ${d.points} ${d.call}`).sort(),
          score: l.score,
          matchScore: l.matchScore,
        }));
    expect(shotsOf(got).length).toBe(shotsOf(lines).length);
    expect(shotsOf(got)).toEqual(shotsOf(lines));
    expect(got.at(-1)).toMatchObject({ kind: 'final', score: lines.at(-1)!.score, shots: lines.at(-1)!.shots });
    expect(got.at(-1)!.score).toEqual(truthBeside(video)!.finalScore);
  }, 300_000);
});
