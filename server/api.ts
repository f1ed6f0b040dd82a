/** JSON API: games and boards, and scoring a board state (the same contract as `disc-referee score`). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GAMES } from '../rules/games/registry.ts';
import { BOARD_PROFILES } from '../rules/profiles/registry.ts';

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'GET' && path === '/api/health') return send(res, 200, { ok: true });
  if (req.method === 'GET' && path === '/api/games') {
    return send(res, 200, Object.values(GAMES).map((g) => ({ id: g.id, name: g.name, variants: Object.keys(g.variants), defaultBoard: g.defaultProfileId })));
  }
  if (req.method === 'GET' && path === '/api/boards') return send(res, 200, Object.values(BOARD_PROFILES));
  return send(res, 404, { error: `no such endpoint: ${req.method} ${path}` });
}
