/**
 * The marker commands of the CLI: analyze --markers on a rendered scene with printed markers,
 * and disc-referee markers writing cards the detector reads back.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { withMarkers } from '../fixtures/render/markers.ts';
import { randomScene } from '../fixtures/render/random-scene.ts';
import { renderScene, writeScenePng, type SceneResult } from '../fixtures/render/scene.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import { detectMarkers } from '../vision/calibrate/markers/detect-markers.ts';
import { defaultMarkerLayout, parseMarkerLayout } from '../vision/calibrate/markers/marker-layout.ts';
import { toGray } from '../vision/image/frame.ts';
import { loadImageFile } from '../vision/image/load-image-node.ts';
import { loadOpenCv, type CV } from '../vision/opencv/load-opencv.ts';
import { main } from './main.ts';
import { tempDir } from '../test/temp-dir.ts';

const croki = BOARD_PROFILES['crokinole-nca-26in']!;
const layout = defaultMarkerLayout(croki);
let cv: CV;
/** Seed 1 at 25 deg tilt with the four default markers (as in the marker calibration tests). */
let all: { result: SceneResult };

beforeAll(async () => {
  cv = (await loadOpenCv()).cv;
  const spec = randomScene(croki, 1, { camera: { tiltDeg: 25, fillFraction: 0.6 } });
  all = { result: renderScene(await withMarkers(spec, croki, layout), croki) };
}, 120_000);

describe('marker commands', () => {
  it('disc-referee analyze --markers [layout.json]', async () => {
    const dir = tempDir('markers-');
    const png = join(dir, 'scene.png');
    writeScenePng(png, all.result);
    const run = async (argv: string[]) => {
      const out = new PassThrough();
      const err = new PassThrough();
      let stdout = '';
      out.on('data', (ch) => (stdout += ch));
      const stdin = new PassThrough();
      stdin.end();
      const code = await main(argv, { stdin, stdout: out, stderr: err });
      return { code, stdout };
    };
    // Alone, the flag takes the board's default layout (the next argument is the image).
    const r = await run(['analyze', '--markers', png, '--game', 'crokinole', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout.trim()).calibration.method).toBe('markers');
    const layoutPath = join(dir, 'layout.json');
    writeFileSync(layoutPath, JSON.stringify({ ...layout, markers: layout.markers.map((m) => ({ ...m, id: m.id + 10 })) }));
    const other = await run(['analyze', png, '--game', 'crokinole', '--markers', layoutPath, '--json']);
    const json = JSON.parse(other.stdout.trim());
    expect(json.calibration.method).toBe('auto');
    expect(json.warnings.join(' ')).toMatch(/marker calibration failed .*0 of the layout's 4 .*also seen: id 0, 1, 2, 3/);
    writeFileSync(layoutPath, '{"formatVersion":1}');
    const bad = await run(['analyze', png, '--game', 'crokinole', '--markers', layoutPath]);
    expect(bad.code).toBe(2);
  }, 120_000);

  it('disc-referee markers writes the layout and printable markers the detector reads back', async () => {
    const dir = tempDir('print-');
    const out = new PassThrough();
    let stdout = '';
    out.on('data', (ch) => (stdout += ch));
    const stdin = new PassThrough();
    stdin.end();
    const code = await main(['markers', '--game', 'crokinole', '--out', dir, '--dpi', '200'], { stdin, stdout: out, stderr: new PassThrough() });
    expect(code).toBe(0);
    expect(stdout).toMatch(/id 3: .*marker-3\.png, black square \d+(\.\d+)? mm, its centre at/);
    const back = parseMarkerLayout(JSON.parse(readFileSync(join(dir, 'marker-layout.json'), 'utf8')));
    if (!back.ok) throw new Error(back.error);
    // The same places; each size is what prints in whole printer dots.
    expect(back.layout.markers.map(({ sizeMm: _sizeMm, ...rest }) => rest)).toEqual(layout.markers.map(({ sizeMm: _sizeMm, ...rest }) => rest));
    for (const [i, m] of back.layout.markers.entries()) expect(Math.abs(m.sizeMm - layout.markers[i]!.sizeMm)).toBeLessThan(0.3);
    for (const m of layout.markers) {
      const img = await loadImageFile(join(dir, `marker-${m.id}.png`));
      // On a darker table, as it will lie.
      const pad = 40;
      const w = img.widthPx + 2 * pad;
      const h = img.heightPx + 2 * pad;
      const g = new Float32Array(w * h).fill(90);
      const src = toGray(img);
      for (let y = 0; y < img.heightPx; y++) for (let x = 0; x < img.widthPx; x++) g[(y + pad) * w + x + pad] = src.data[y * img.widthPx + x]!;
      const found = detectMarkers(cv, { data: g, widthPx: w, heightPx: h }, layout.dictionary);
      expect(found.ok && found.markers.map((f) => f.id)).toEqual([m.id]);
    }
  }, 60_000);
});
