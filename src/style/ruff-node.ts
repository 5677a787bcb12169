// The same Ruff WebAssembly build in Node (tests, benchmarks), read from node_modules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as ruff from '@astral-sh/ruff-wasm-web';
import { ruffStyleChecker, type StyleChecker } from '../core/style/pycodestyle.ts';

let checker: StyleChecker | null = null;

export function nodeStyleChecker(): StyleChecker {
  if (!checker) {
    const wasm = createRequire(import.meta.url).resolve('@astral-sh/ruff-wasm-web/ruff_wasm_bg.wasm');
    ruff.initSync({ module: readFileSync(wasm) });
    checker = ruffStyleChecker(ruff);
  }
  return checker;
}
