/**
 * The local server: serves the built operator UI and overlay pages, and a small JSON API.
 * It runs inside the desktop shell and on its own under Node for browser use.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { handleApi } from './api.ts';

export interface ServerOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Folder of the built UI (Vite's output). */
  staticDir?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

const DEFAULT_STATIC = resolve(import.meta.dirname, '..', 'renderer', 'dist');

async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const rel = normalize(path === '/' ? '/index.html' : path).replace(/^([/\\])+/, '');
  const file = join(root, rel);
  // Never serve outside the UI folder.
  if (!file.startsWith(root)) {
    res.writeHead(403).end('forbidden');
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`not found: ${path}\n(build the UI with "npm run build:ui")`);
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const root = options.staticDir ?? DEFAULT_STATIC;
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const handled = url.startsWith('/api/') ? handleApi(req, res) : serveStatic(root, req, res);
    handled.catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `internal error: ${(e as Error).message}` }));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => ok());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}/`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
