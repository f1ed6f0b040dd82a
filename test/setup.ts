// Runs before every test file: what a file made in the temp folder goes when its tests are done.
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dir.ts';

afterAll(removeTempDirs);
