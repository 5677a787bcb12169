// Ships the built-in dataset with the site (fetched by the app realm only; the sandbox has
// no network at all, so hidden expected outputs stay out of its reach).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const BUILTIN_DATASET = 'datasets/builtin.jsonl';

export function hintbenchDatasets(): Plugin {
  return {
    name: 'hintbench:datasets',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILTIN_DATASET, source: readFileSync(BUILTIN_DATASET) });
    },
  };
}
