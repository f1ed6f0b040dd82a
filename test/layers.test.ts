/**
 * Layer boundaries (DESIGN.md): data flows one way. This test reads every import in the
 * source tree and fails on an import that crosses a boundary the wrong way.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const PARTS = ['rules', 'vision', 'models', 'fixtures', 'renderer', 'electron', 'server', 'cli', 'bench', 'test'] as const;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

/** Every module specifier in a file: static imports, re-exports, dynamic import() and require(). */
export function importsOf(text: string): string[] {
  const specs: string[] = [];
  const re = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(re)) specs.push(m[1]!);
  return specs;
}

function partOf(file: string): string {
  return relative(ROOT, file).split(/[\\/]/)[0]!;
}

/** Which parts each part may not import from. */
const FORBIDDEN: Record<string, readonly string[]> = {
  rules: PARTS.filter((p) => p !== 'rules'),
  vision: ['renderer', 'electron', 'server', 'cli', 'bench', 'fixtures'],
  models: ['renderer', 'electron', 'server', 'cli', 'bench'],
  fixtures: ['renderer', 'electron', 'server', 'cli'],
  server: ['renderer', 'electron', 'cli'],
  cli: ['renderer', 'electron'],
  bench: ['renderer', 'electron'],
  electron: ['renderer', 'cli'],
  test: [],
};

/** Node built-ins that rules/ must not touch (it runs anywhere, replayable). */
const NODE_BUILTIN = /^(node:|fs$|path$|os$|child_process$|crypto$|url$|stream$|http$|https$|net$|worker_threads$)/;

function violations(): string[] {
  const found: string[] = [];
  for (const part of PARTS) {
    const dir = join(ROOT, part);
    let files: string[] = [];
    try {
      files = sourceFiles(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      const rel = relative(ROOT, file);
      const isTest = /\.test\.tsx?$/.test(file);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.')) {
          const target = partOf(resolve(dirname(file), spec));
          // Tests may use fixtures and benches to build their inputs; code may not.
          const forbidden = isTest ? (FORBIDDEN[part] ?? []).filter((t) => t !== 'fixtures' && t !== 'bench') : (FORBIDDEN[part] ?? []);
          if (forbidden.includes(target)) found.push(`${rel} imports ${spec} (${part} may not import ${target})`);
          if (target === 'renderer' && part !== 'renderer') found.push(`${rel} imports ${spec} (only the renderer imports from renderer/)`);
        } else if (part === 'rules' && !isTest && (NODE_BUILTIN.test(spec) || !['zod'].includes(spec.split('/')[0]!))) {
          found.push(`${rel} imports package ${spec} (rules/ may only use zod)`);
        }
      }
    }
  }
  return found;
}

describe('layer boundaries', () => {
  it('no import crosses a boundary the wrong way', () => {
    expect(violations()).toEqual([]);
  });

  it('the import scanner sees every form of import (so the check above can fail)', () => {
    const text = `import a from '../vision/x.ts';\nexport { b } from "../cli/y.ts";\nconst c = await import('../server/z.ts');\nconst d = require('fs');\nimport type { E } from './e.ts';`;
    expect(importsOf(text)).toEqual(['../vision/x.ts', '../cli/y.ts', '../server/z.ts', 'fs', './e.ts']);
  });
});
