import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sample } from '../fixtures/samples/samples.ts';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';
import { main } from './main.ts';

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
    const dir = mkdtempSync(join(tmpdir(), 'annotate-'));
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
    const dir = mkdtempSync(join(tmpdir(), 'cal-'));
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
    const blank = join(mkdtempSync(join(tmpdir(), 'blank-')), 'blank.png');
    writeFileSync(blank, c.toBuffer('image/png'));
    const noBoard = await run(['analyze', blank, '--game', 'crokinole', '--json']);
    expect(noBoard.code).toBe(4);
    expect(JSON.parse(noBoard.stdout.trim()).calibration.found).toBe(false);
    const noArgs = await run(['analyze', '--game', 'crokinole']);
    expect(noArgs.code).toBe(2);
  });
});
