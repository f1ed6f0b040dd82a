import { execFileSync, spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { tempDir } from '../test/temp-dir.ts';

async function run(argv: string[], stdin = '') {
  const input = new PassThrough();
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (c) => (stdout += c));
  err.on('data', (c) => (stderr += c));
  input.end(stdin);
  const code = await main(argv, { stdin: input, stdout: out, stderr: err });
  return { code, stdout, stderr };
}

describe('disc-referee score', () => {
  it('scores a crokinole board per the DESIGN.md contract', async () => {
    const state = { discs: [{ xMm: 0, yMm: 80, team: 'A' }, { xMm: 0, yMm: -150, team: 'B' }, { xMm: 10, yMm: -300, team: 'B' }], hole: { A: 1 } };
    const r = await run(['score', '--game', 'crokinole'], JSON.stringify(state));
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.formatVersion).toBe(1);
    expect(json.board).toBe('crokinole-nca-26in');
    expect(json.score).toEqual({ A: 35, B: 10 });
    expect(json.discs.map((d: { zone: string; points: number; call: string }) => [d.zone, d.points, d.call])).toEqual([
      ['15', 15, 'clear'],
      ['10', 10, 'clear'],
      ['out', 0, 'touching'],
    ]);
    expect(typeof json.discs[0].clearanceMm).toBe('number');
  });

  it('scores a PitRush disc on the discs a person found under it in its pit', async () => {
    // a (A) in pit-2-2; a person lifted it: a B disc under it, lying on an A disc in the pit.
    const state = { discs: [{ id: 'a', xMm: 0, yMm: -70, team: 'A' }], teams: ['A', 'B'], decisions: [{ discId: 'a', call: 'touching', discsUnder: ['B', 'A'] }] };
    const json = JSON.parse((await run(['score', '--game', 'pitrush'], JSON.stringify(state))).stdout);
    expect(json.discs.map((d: { id: string; zone: string; points: number }) => [d.id, d.zone, d.points])).toEqual([
      ['a', 'on pit-2-2', 2],
      ['a/under-1', 'on pit-2-2', 4],
      ['a/under-2', 'in pit-2-2', 0],
    ]);
    expect(json.score).toEqual({ A: 2, B: 4 });
    expect(json.notes.join(' ')).toMatch(/a person found under it/);
  });

  it('flags a too-close call in the output and its warnings', async () => {
    const state = { discs: [{ id: 'x', xMm: 0, yMm: 101.6 - 1 - 15.875 - 0.1, team: 'A', uncertaintyMm: 0.3 }] };
    const json = JSON.parse((await run(['score', '--game', 'crokinole'], JSON.stringify(state))).stdout);
    expect(json.discs[0].call).toBe('too-close');
    expect(json.pending).toEqual(['x']);
    expect(json.warnings[0]).toMatch(/too close/);
  });

  it.each([
    ['bad JSON', ['score', '--game', 'crokinole'], '{bad', /not valid JSON/],
    ['empty stdin', ['score', '--game', 'crokinole'], '', /expects a board state/],
    ['a disc without a team', ['score', '--game', 'crokinole'], '{"discs":[{"xMm":1,"yMm":2}]}', /discs\.0\.team/],
    ['no --game', ['score'], '{"discs":[]}', /--game is required/],
    ['unknown game', ['score', '--game', 'chess'], '{"discs":[]}', /unknown game "chess"/],
    ['unknown variant', ['score', '--game', 'crokinole', '--variant', 'nope'], '{"discs":[]}', /unknown variant "nope"/],
    ['unknown option', ['score', '--game', 'crokinole', '--frobnicate'], '{"discs":[]}', /unknown option --frobnicate/],
    ['a settle time that is no time', ['analyze', 'match.y4m', '--game', 'crokinole', '--settle-ms', 'soon'], '', /--settle-ms must be a time in milliseconds/],
    ['a settle time of nothing', ['analyze', 'match.y4m', '--game', 'crokinole', '--settle-ms', '0'], '', /--settle-ms must be .* more than 0/],
  ])('%s: exit 2 with a message, no stack trace', async (_name, argv, stdin, message) => {
    const r = await run(argv, stdin);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses a board file with a bad field, naming the field', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { BOARD_PROFILES } = await import('../rules/profiles/registry.ts');
    const dir = tempDir('board-');
    const bad = structuredClone(BOARD_PROFILES['crokinole-nca-26in']!) as { features: { radiusMm?: number }[] };
    bad.features[1]!.radiusMm = -3;
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    const r = await run(['score', '--game', 'crokinole', '--board', file], '{"discs":[]}');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/features\[1\]\.radiusMm/);
    const missing = await run(['score', '--game', 'crokinole', '--board', join(dir, 'nope.json')], '{"discs":[]}');
    expect(missing.code).toBe(3);
  });
});

describe('disc-referee boards --points', () => {
  it('lists the points of a board to click for analyze --points, with their board millimetres', async () => {
    const r = await run(['boards', '--board', 'sjoelbak-standard-40x200', '--points']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^sjoelbak-standard-40x200 \(board mm: origin at the middle of the near/);
    expect(r.stdout).toMatch(/\n {2}corner-3 +\(200\.0, 2000\.0\) {2}a corner of the playing surface\n/);
    const json = JSON.parse((await run(['boards', '--board', 'crokinole-nca-26in', '--points', '--json'])).stdout);
    expect(json[0].points[0]).toEqual({ id: 'centre', xMm: 0, yMm: 0, what: "the centre of the board's surface" });
    const unknown = await run(['boards', '--board', 'no-such-board', '--points']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown board "no-such-board" \(boards: carrom-standard-74cm, /);
  });
});

describe('disc-referee help', () => {
  it('prints usage with every command', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['analyze', 'score', 'demo', 'boards']) expect(r.stdout).toContain(`disc-referee ${c}`);
  });
  it('unknown command is a usage error', async () => {
    expect((await run(['frobnicate'])).code).toBe(2);
  });
});

describe('the installed bin', () => {
  it('runs the TypeScript CLI through node', () => {
    const out = execFileSync('node', ['bin/disc-referee.js', 'score', '--game', 'crokinole'], {
      input: '{"discs":[{"xMm":0,"yMm":0,"team":"A"}]}',
      encoding: 'utf8',
    });
    expect(JSON.parse(out).score).toEqual({ A: 20, B: 0 });
    const bad = spawnSync('node', ['bin/disc-referee.js', 'score', '--game', 'crokinole'], { input: 'nope', encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('disc-referee score for every game and variant', () => {
  it('scores a board state for each (exit 0, a numeric score per team)', async () => {
    const { GAMES } = await import('../rules/games/registry.ts');
    const state = { discs: [{ xMm: 0, yMm: 10, team: 'A' }, { xMm: 5, yMm: 100, team: 'B' }], compartments: { '1': 5, '2': 9, '3': 5, '4': 7 } };
    const failures: string[] = [];
    for (const g of Object.values(GAMES)) {
      for (const variant of Object.keys(g.variants)) {
        const r = await run(['score', '--game', g.id, '--variant', variant], JSON.stringify(state));
        if (r.code !== 0) {
          failures.push(`${g.id}/${variant}: exit ${r.code} ${r.stderr}`);
          continue;
        }
        const json = JSON.parse(r.stdout);
        if (!Object.values(json.score).every((v) => typeof v === 'number')) failures.push(`${g.id}/${variant}: score ${JSON.stringify(json.score)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('scores the sjoelbak sheet example 5/9/5/7 as 116', async () => {
    const r = await run(['score', '--game', 'sjoelbak'], JSON.stringify({ discs: [], compartments: { '1': 5, '2': 9, '3': 5, '4': 7 } }));
    expect(JSON.parse(r.stdout).score.A).toBe(116);
  });
});
