// Writes docs/provider-corpus.md from the provider corpus: `npm run docs:corpus`.
import { writeFileSync } from 'node:fs';
import { corpusMarkdown } from '../../src/core/llm/fixtures/providers/describe.ts';

writeFileSync(new URL('../provider-corpus.md', import.meta.url), corpusMarkdown());
process.stdout.write('wrote docs/provider-corpus.md\n');
