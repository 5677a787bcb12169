// `hintbench rescore` and `--check` on results files written to disk: scores that agree, numbers
// that changed (listed old → new per model and metric, and per item), scores made by another
// metrics version, a file without scores; and the notice `hintbench report` prints for the last.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunLog, Scores } from '../src/core/model/runlog.ts';
import { feedbackOf, talkLogOf } from '../src/core/protocols/talk/test-support.ts';
import { scoreRun } from '../src/core/runner/scores.ts';
import { fullReport } from './report.ts';
import { changesText, rescoreCommand } from './rescore.ts';
import { readRunLogFile, writeRunLogFile } from './runlog-file.ts';

const log: RunLog = talkLogOf({
  setting: 'sentence',
  steps: 3,
  instances: { q: ['t1', 't2', 't3', 't4'] },
  models: ['m', 'n'],
  items: {
    'q|m': [
      { passed: ['t1'], code: 'x = 1' },
      { passed: ['t1', 't2', 't3', 't4'], code: 'x = 1234', feedback: feedbackOf('sentence', 'incorrect') },
    ],
    'q|n': [{ passed: ['t1', 't2'], code: 'y = 1' }],
  },
});
const current = scoreRun(log.manifest, log.items, new Date('2026-01-02T00:00:00Z'))!;
const version = current.metrics.version;

/** The scores with model m's TCA and item q|m|0's last TCA changed, as older metric code might have left them. */
function tampered(): Scores {
  const s = structuredClone(current);
  s.summaries.find((r) => r.modelId === 'm')!.metrics.tca = 0.5;
  s.items['q|m|0']!.tca = 0.5;
  return s;
}

describe('hintbench rescore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-rescore-'));
  let out = '';
  let err = '';
  beforeEach(() => {
    out = err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  const write = async (name: string, scores: Scores | undefined) => {
    const file = join(dir, name);
    await writeRunLogFile(file, { manifest: log.manifest, ...(scores ? { scores } : {}) }, log.items);
    return file;
  };

  it('--check exits 0 when the stored scores are what this copy computes; rescore leaves such a file as it is', async () => {
    const file = await write('current.json', current);
    expect(await rescoreCommand([file, '--check'])).toBe(0);
    expect(out).toBe(
      `${file}: stored scores by talk metrics v${version} (scored 2026-01-02T00:00:00.000Z); recomputed by talk metrics v${version}.\n  The stored scores agree with a recomputation.\n`,
    );
    const before = [readFileSync(file, 'utf8'), statSync(file).mtimeMs];
    expect(await rescoreCommand([file])).toBe(0);
    expect([readFileSync(file, 'utf8'), statSync(file).mtimeMs]).toEqual(before);
    expect(err).toContain('left as it is');
  });

  it('lists every changed number old → new, per model and per item; --check exits 1 and writes nothing', async () => {
    const file = await write('changed.jsonl', tampered());
    const bytes = readFileSync(file);
    expect(await rescoreCommand([file, '--check'])).toBe(1);
    expect(readFileSync(file)).toEqual(bytes);
    expect(out).toContain('  Leaderboard:\n    Model m (m): tca 0.5 → 1\n');
    expect(out).toContain('  Items: 1 of 2 changed\n    q|m|0: tca 0.5 → 1\n');
    expect(err).toContain(`run \`hintbench rescore ${file}\` to recompute them`);
  });

  it('writes the recomputed scores to --out, whose check then passes; the file it read is unchanged', async () => {
    const file = await write('changed.json', tampered());
    const bytes = readFileSync(file);
    const fixed = join(dir, 'fixed.json.gz');
    expect(await rescoreCommand([file, '--out', fixed])).toBe(0);
    expect(readFileSync(file)).toEqual(bytes);
    expect(err).toContain(`wrote ${fixed}`);
    const back = await readRunLogFile(fixed);
    expect(back.scores!.summaries).toEqual(current.summaries);
    expect(back.scores!.items).toEqual(current.items);
    expect(back.summaries).toEqual(current.summaries);
    expect(back.items).toEqual(log.items);
    expect(await rescoreCommand([fixed, '--check'])).toBe(0);
  });

  it('scores of another metrics version fail the check even when every number is the same; rescoring FILE rewrites it in place', async () => {
    const file = await write('older.json', { ...current, metrics: { protocol: 'talk', version: version + 1 } });
    expect(await rescoreCommand([file, '--check'])).toBe(1);
    expect(out).toContain(`stored scores by talk metrics v${version + 1}`);
    expect(out).toContain('  Every number is the same.\n');
    expect(await rescoreCommand([file])).toBe(0);
    expect((await readRunLogFile(file)).scores!.metrics).toEqual({ protocol: 'talk', version });
    expect(await rescoreCommand([file, '--check'])).toBe(0);
  });

  it('a file without stored scores fails the check, and gets them when rescored', async () => {
    const file = await write('bare.json', undefined);
    expect(await rescoreCommand([file, '--check'])).toBe(1);
    expect(out).toContain('no stored scores; computed by talk metrics');
    expect(await rescoreCommand([file])).toBe(0);
    expect(await rescoreCommand([file, '--check'])).toBe(0);
  });

  it('refuses --check with --out, and no file', async () => {
    expect(await rescoreCommand(['x.json', '--check', '--out', 'y.json'])).toBe(2);
    expect(await rescoreCommand([])).toBe(2);
    expect(err).toContain('usage: hintbench rescore FILE [--out FILE] [--check]');
  });

  it('shows more digits when six would hide a change, and — for a number that is gone', () => {
    const s = structuredClone(current);
    s.summaries[0]!.metrics.tca = current.summaries[0]!.metrics.tca! + 1e-7;
    s.items['q|n|0']!.dc = 0.25;
    const { text, differ } = changesText('f', s, current);
    expect(differ).toBe(true);
    expect(text).toContain(`tca ${current.summaries[0]!.metrics.tca! + 1e-7} → ${current.summaries[0]!.metrics.tca}`);
    expect(text).toContain('q|n|0: dc 0.25 → —');
  });
});

describe('hintbench report on a file scored by another metrics version', () => {
  it('says so under its table, with the rescore command for that file', () => {
    const older = { ...log, scores: { ...current, metrics: { protocol: 'talk', version: version + 1 } } };
    expect(fullReport([older], ['results/a.json'])).toContain(
      `Note: these numbers are the stored scores, scored by version ${version + 1} of the talk metrics; this copy has version ${version}: run \`hintbench rescore results/a.json\` to recompute them.`,
    );
    expect(fullReport([{ ...log, scores: current }], ['results/a.json'])).not.toContain('hintbench rescore');
  });
});
