import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from './temp-dir.ts';

describe('tempDir', () => {
  it('makes a fresh folder each time, and removeTempDirs removes them with what they hold', () => {
    const a = tempDir('check-');
    const b = tempDir('check-');
    expect(a).not.toBe(b);
    writeFileSync(join(a, 'x.txt'), 'x');
    expect(existsSync(join(a, 'x.txt'))).toBe(true);
    removeTempDirs();
    expect(existsSync(a)).toBe(false);
    expect(existsSync(b)).toBe(false);
  });
});
