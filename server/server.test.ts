import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from './start-server.ts';
import { tempDir } from '../test/temp-dir.ts';

let server: RunningServer;
beforeAll(async () => {
  const dir = tempDir('ui-');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>ui</title>');
  server = await startServer({ port: 0, staticDir: dir });
});
afterAll(() => server.close());

describe('local server', () => {
  it('serves the UI and lists games', async () => {
    expect(await (await fetch(server.url)).text()).toContain('<title>ui</title>');
    const games = (await (await fetch(`${server.url}api/games`)).json()) as { id: string }[];
    expect(games.map((g) => g.id)).toContain('crokinole');
  });
  it('refuses paths outside the UI folder and unknown endpoints', async () => {
    const r = await fetch(`${server.url}..%2f..%2fetc%2fpasswd`);
    expect([403, 404]).toContain(r.status);
    expect((await fetch(`${server.url}api/nope`)).status).toBe(404);
  });
});
