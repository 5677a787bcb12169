// `report`, `rescore` and `merge` read a record at a time and keep items without their calls'
// texts: what they print and write must stay what the verbs printed and wrote when they held the
// whole decoded log (cli/fixtures/verb-outputs.json, written by those verbs: verb-outputs.ts),
// for a run of each protocol; and a broken file must say what is wrong, and where.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRecord, RunLog } from '../src/core/model/runlog.ts';
import type { LastUse } from '../src/core/runlog/last-use.ts';
import { PartReader } from '../src/core/runlog/parts.ts';
import { lastUseOf, readLogInto } from '../src/core/runlog/read.ts';
import { leanItem } from '../src/core/runlog/lean.ts';
import { logText } from '../src/core/runlog/write.ts';
import { mergeCommand } from './merge.ts';
import { reportCommand } from './report.ts';
import { rescoreCommand } from './rescore.ts';
import { readRunLogFile, runLogFileItems, writeRunLogFile } from './runlog-file.ts';
import { CASES, EXPECTED, FIXTURES, verbOutputs, type VerbOutputs } from './verb-outputs.ts';

const expected = JSON.parse(readFileSync(EXPECTED, 'utf8')) as Record<string, VerbOutputs>;

describe('report, rescore and merge, streamed', () => {
  it.each(CASES)('%s: print and write what the verbs did when they held the whole log, byte for byte', async (name) => {
    const now = await verbOutputs(name);
    expect(now.report).toBe(expected[name]!.report);
    expect(now.rescore).toBe(expected[name]!.rescore);
    expect(now.rescored).toBe(expected[name]!.rescored);
    expect(now.merge).toBe(expected[name]!.merge);
    expect(now.merged).toBe(expected[name]!.merged);
  });

  it.each(CASES)('%s: a version-3 copy (its parts let go after their last use) reports the same', async (name) => {
    const log = await readRunLogFile(join(FIXTURES, `v2-${name}.json.gz`));
    const file = join(mkdtempSync(join(tmpdir(), 'hintbench-stream-')), 'copy.jsonl.gz');
    await writeRunLogFile(file, log);
    const forget = vi.spyOn(PartReader.prototype, 'forget');
    let out = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    try {
      expect(await reportCommand([file])).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
    expect(out).toBe(expected[name]!.report);
    expect(forget).toHaveBeenCalled();
    // Read with the plan, the items are the items read keeping every part.
    const text = readFileSync(file);
    const chunks = async function* () {
      yield gunzipSync(text).toString('utf8');
    };
    const items = async (lastUse?: LastUse) => {
      const got: ItemRecord[] = [];
      await readLogInto(chunks(), { manifest() {}, scores() {}, annotation() {}, item: (i) => void got.push(i) }, lastUse);
      return got;
    };
    const lastUse = await lastUseOf(chunks());
    expect(lastUse).toBeDefined();
    expect(await items(lastUse)).toEqual(await items());
  });

  it("keep an item without its calls' texts, and every other field", async () => {
    const log = await readRunLogFile(join(FIXTURES, 'v2-pair.json.gz'));
    const item = log.items.find((i) => i.steps.some((s) => s.calls.length))!;
    const lean = leanItem(item);
    const calls = lean.steps.flatMap((s) => s.calls);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c.messages.length === 0 && (c.content === null || c.content === ''))).toBe(true);
    const blank = (i: typeof item) =>
      JSON.stringify({ ...i, steps: i.steps.map((s) => ({ ...s, calls: s.calls.map((c) => ({ ...c, messages: [], content: c.content && '' })) })) });
    expect(JSON.stringify(lean)).toBe(blank(item));
    expect(item.steps.flatMap((s) => s.calls).some((c) => c.messages.length > 0)).toBe(true); // the item itself is left alone
  });
});

describe('a broken results file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-stream-'));
  let log: RunLog;
  let text: string;
  beforeEach(async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    log ??= await readRunLogFile(join(FIXTURES, 'v2-talk-static.json.gz'));
    text ??= logText(log, log.items, 'jsonl');
  });
  afterEach(() => vi.restoreAllMocks());

  const lines = () => text.split('\n');

  it('cut inside a line: each verb names the file and the line', async () => {
    const cut = lines().slice(0, 4).join('\n') + '\n' + lines()[4]!.slice(0, 40);
    const file = join(dir, 'cut.jsonl');
    writeFileSync(file, cut);
    const why = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 5: invalid JSON`);
    await expect(reportCommand([file])).rejects.toThrow(why);
    await expect(rescoreCommand([file, '--out', join(dir, 'out.jsonl')])).rejects.toThrow(why);
    await expect(mergeCommand([file, file, '--out', join(dir, 'merged.jsonl')])).rejects.toThrow(why);
  });

  it('a gzip file cut short: the file is named', async () => {
    const file = join(dir, 'cut.jsonl.gz');
    const zipped = gzipSync(text);
    writeFileSync(file, zipped.subarray(0, zipped.length >> 1));
    await expect(reportCommand([file])).rejects.toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
  });

  it('of a version this copy does not read: says which version it is', async () => {
    const file = join(dir, 'v9.jsonl');
    writeFileSync(file, text.replace('"schema":"hintbench.runlog/3"', '"schema":"hintbench.runlog/9"'));
    const why = 'reads run logs of versions 1 to 3, not "hintbench.runlog/9"';
    await expect(reportCommand([file])).rejects.toThrow(why);
    await expect(rescoreCommand([file, '--check'])).rejects.toThrow(why);
    await expect(mergeCommand([file, file, '--out', join(dir, 'merged.jsonl')])).rejects.toThrow(why);
  });

  it('items read one at a time: an error after some items still reaches the reader, with the file', async () => {
    // Before the third item: the first is whole (and handed on) once the second begins.
    const n = lines().findIndex(
      (l, i) =>
        i > 0 &&
        l.startsWith('{"type":"item"') &&
        lines()
          .slice(0, i)
          .filter((x) => x.startsWith('{"type":"item"')).length === 2,
    );
    const file = join(dir, 'late.jsonl');
    writeFileSync(file, [...lines().slice(0, n), '{"type":"step","item":"nobody","step":{}}', ...lines().slice(n)].join('\n'));
    const seen: string[] = [];
    const read = async () => {
      for await (const item of runLogFileItems(file)) seen.push(item.key);
    };
    await expect(read()).rejects.toThrow(`${file}: line ${n + 1}: a step of item "nobody" that is not the item before it`);
    expect(seen.length).toBeGreaterThan(0);
  });
});
