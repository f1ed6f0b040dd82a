#!/usr/bin/env node
// The command line runs the TypeScript sources directly (no build step for users to forget).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
