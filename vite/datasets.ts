// Ships the built-in datasets with the site (the instances, and the Interview protocol's tasks) (fetched by the app realm only; the sandbox has
// no network at all, so hidden expected outputs stay out of its reach).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const BUILTIN_DATASET = 'datasets/builtin.jsonl';
export const BUILTIN_TASKS = 'datasets/interview.jsonl';

export function hintbenchDatasets(): Plugin {
  return {
    name: 'hintbench:datasets',
    apply: 'build',
    generateBundle() {
      for (const file of [BUILTIN_DATASET, BUILTIN_TASKS]) this.emitFile({ type: 'asset', fileName: file, source: readFileSync(file) });
    },
  };
}
