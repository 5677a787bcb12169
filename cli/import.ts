// `hintbench import --format F SRC --out FILE.jsonl`: converts a public dataset (a file, a
// folder, or a .zip) into hintbench's JSONL. Valid rows are written; every rejected row is
// reported with its reason; the output appears only when complete.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { FORMATS, importFiles, summarize, toJsonl, type FormatName, type VirtualFile } from '../src/core/datasets/importers/index.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

export function readUpload(src: string): VirtualFile[] {
  const stat = statSync(src);
  if (!stat.isDirectory()) return [{ path: basename(src), data: new Uint8Array(readFileSync(src)) }];
  const out: VirtualFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push({ path: `${basename(src)}/${relative(src, path)}`, data: new Uint8Array(readFileSync(path)) });
    }
  };
  walk(src);
  return out;
}

export async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { format: { type: 'string' }, out: { type: 'string' } }, allowPositionals: true, strict: true });
  const format = values.format as FormatName | undefined;
  if (!format || !(format in FORMATS) || positionals.length !== 1 || !values.out) {
    log(`usage: hintbench import --format ${Object.keys(FORMATS).join('|')} SRC --out FILE.jsonl`);
    return 2;
  }
  const result = importFiles(format, readUpload(positionals[0]!));
  const tmp = `${values.out}.partial`;
  writeFileSync(tmp, toJsonl(result));
  renameSync(tmp, values.out); // never a half-written output file
  const summary = summarize({ items: [...result.instances, ...result.tasks], rejected: result.rejected });
  for (const r of result.rejected) log(`rejected ${r.where}: ${r.reason} — ${r.detail}`);
  const what = FORMATS[format].kind === 'tasks' ? 'task(s)' : 'instance(s)';
  log(
    `${FORMATS[format].label}: imported ${summary.imported} ${what}, rejected ${summary.rejected}` +
      (summary.rejected
        ? ` (${Object.entries(summary.byReason)
            .map(([k, n]) => `${k}: ${n}`)
            .join(', ')})`
        : ''),
  );
  log(`wrote ${values.out}`);
  return summary.imported > 0 ? 0 : 1;
}
