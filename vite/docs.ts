// Ships docs/*.md, the files they link to beside them (the run log's JSON Schema, the metrics
// script) and their figures (docs/figures/*.svg) with the site, so in-app links to the docs work offline.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import type { Plugin } from 'vite';

export function hintbenchDocs(): Plugin {
  return {
    name: 'hintbench:docs',
    apply: 'build',
    generateBundle() {
      for (const file of readdirSync('docs').filter((f) => /\.(md|json|py)$/.test(f))) {
        this.emitFile({ type: 'asset', fileName: `docs/${file}`, source: readFileSync(`docs/${file}`) });
      }
      for (const file of existsSync('docs/figures') ? readdirSync('docs/figures').filter((f) => f.endsWith('.svg')) : []) {
        this.emitFile({ type: 'asset', fileName: `docs/figures/${file}`, source: readFileSync(`docs/figures/${file}`) });
      }
    },
  };
}
