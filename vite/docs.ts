// Ships docs/*.md with the site so in-app links to the docs work offline.
import { readFileSync, readdirSync } from 'node:fs';
import type { Plugin } from 'vite';

export function hintbenchDocs(): Plugin {
  return {
    name: 'hintbench:docs',
    apply: 'build',
    generateBundle() {
      for (const file of readdirSync('docs').filter((f) => f.endsWith('.md'))) {
        this.emitFile({ type: 'asset', fileName: `docs/${file}`, source: readFileSync(`docs/${file}`) });
      }
    },
  };
}
