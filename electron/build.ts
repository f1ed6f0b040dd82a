/**
 * Bundles the shell for Electron: main (ESM) and preload (CommonJS, as sandboxed preloads
 * must be) into out/electron, with esbuild (installed with vite). The renderer is built by Vite.
 */
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'electron/main/main.ts' },
  outdir: 'out/electron',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  outExtension: { '.js': '.mjs' },
  external: ['electron', 'better-sqlite3', '@napi-rs/canvas', '@techstark/opencv-js'],
});
await build({
  entryPoints: { preload: 'electron/preload/preload.ts' },
  outdir: 'out/electron',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  outExtension: { '.js': '.cjs' },
  external: ['electron'],
});
console.log('electron shell built in out/electron');
