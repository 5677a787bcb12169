// Version 3 of the run log: its tables by hand, its round trip, and logs of version 2 (written
// by the previous version of hintbench, fixtures/) opening with the numbers that version reported.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Manifest, RunLog } from '../model/runlog.ts';
import { requireProtocol } from '../protocols/registry.ts';
import { parseRunLog, toJson, toJsonl } from '../runner/export.ts';
import { Decoder, Encoder } from './compact.ts';
import { OutcomeReader, OutcomeWriter } from './outcomes.ts';
import { PartReader, PartWriter } from './parts.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
const v2Text = (name: string) => gunzipSync(readFileSync(fixture(`v2-${name}.json.gz`))).toString('utf8');

describe('parts', () => {
  it('numbers each paragraph once, and a text of several paragraphs as the list of them', () => {
    const w = new PartWriter();
    expect(['A\n\nB', 'B', 'A\n\nB', 'C', 'B\n\nA'].map((t) => w.ref(t))).toEqual([2, 1, 2, 3, 4]);
    expect(w.take()).toEqual({ from: 0, parts: ['A', 'B', [0, 1], 'C', [1, 0]] });
    expect(w.ref('C\n\n')).toBe(6); // "C" and "" (the empty paragraph after the last blank line)
    expect(w.take()).toEqual({ from: 5, parts: ['', [3, 5]] });
  });

  it('reads back every text, the same string each time it recurs', () => {
    const r = new PartReader();
    r.add(0, ['A', 'B', [0, 1]]);
    expect(r.text(2)).toBe('A\n\nB');
    expect(Object.is(r.text(2), r.text(2))).toBe(true);
    expect(() => r.text(3)).toThrow('part 3 is missing');
    expect(() => r.add(5, ['x'])).toThrow('parts numbered from 5, but 3 are known');
    expect(() => r.add(3, [[7]])).toThrow('part 3 is neither a text nor a list of earlier paragraphs');
  });

  it('continues a stored table with the same numbers', () => {
    const w = new PartWriter();
    w.restore(['A', 'B', [0, 1]]);
    expect([w.ref('A\n\nB'), w.ref('B'), w.ref('D')]).toEqual([2, 1, 3]);
    expect(w.take()).toEqual({ from: 3, parts: ['D'] });
  });
});

describe('outcomes', () => {
  const suite = ['t1', 't2', 't3', 't4'];
  it('writes one code per test in suite order, each pair of outcome and fail type numbered as met', () => {
    const w = new OutcomeWriter();
    const r1 = {
      passed: ['t3', 't1'],
      failures: [
        { id: 't2', outcome: 'wrong-answer', failType: 'value' },
        { id: 't4', outcome: 'timeout', failType: 'timeout' },
      ],
    };
    expect(w.encode(r1, suite)).toBe('0102');
    expect(w.take()).toEqual({ from: 0, codes: ['passed', 'wrong-answer value', 'timeout timeout'] });
    const r = new OutcomeReader();
    r.add(0, ['passed', 'wrong-answer value', 'timeout timeout']);
    expect(r.decode('0102', suite, 'x')).toEqual({
      passed: ['t1', 't3'],
      failures: [
        { id: 't2', outcome: 'wrong-answer', failType: 'value' },
        { id: 't4', outcome: 'timeout', failType: 'timeout' },
      ],
    });
    expect(() => r.decode('013', suite, 'x')).toThrow('3 outcome codes for a suite of 4 tests');
    expect(() => r.decode('0109', suite, 'x')).toThrow('unknown outcome code "9"');
  });

  it('keeps the lists when they do not cover the suite exactly (a migrated version-1 evaluation has no failures)', () => {
    const w = new OutcomeWriter();
    expect(w.encode({ passed: ['t1'] }, suite)).toBeNull();
    expect(w.encode({ passed: ['t1', 't2'], failures: [{ id: 't9', outcome: 'timeout' }] }, ['t1', 't2', 't3'])).toBeNull();
    expect(w.encode({ passed: ['t1'], failures: [] }, undefined)).toBeNull();
  });
});

describe('compact steps', () => {
  const suites = new Map([['i', ['a', 'b']]]);
  const step = {
    index: 0,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 5,
    calls: [
      {
        role: 'candidate',
        modelId: 'm',
        model: 'm',
        simulated: true,
        messages: [
          { role: 'system' as const, content: 'S' },
          { role: 'user' as const, content: 'Q\n\nP' },
        ],
        content: 'R\n\nP',
        usage: null,
        thinking: 'T',
        costUsd: 0,
        latencyMs: 1,
        retries: 0,
        startedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    evaluation: { code: 'P', passed: ['b'], failures: [{ id: 'a', outcome: 'runtime-error', failType: 'runtime-error:ValueError' }] },
    data: { extraction: 'fenced-python' },
  };

  it('writes texts as part numbers and outcomes as codes, and reads back the same step', () => {
    const e = new Encoder(suites);
    const c = e.step(step, 'i');
    expect(c.calls[0]!.messages).toEqual([
      ['s', 0],
      ['u', 3],
    ]);
    expect([c.calls[0]!.content, c.calls[0]!.thinking, c.evaluation]).toEqual([5, 6, { code: 2, tests: '01' }]);
    expect(e.parts.take().parts).toEqual(['S', 'Q', 'P', [1, 2], 'R', [4, 2], 'T']);
    const d = new Decoder(suites);
    d.parts.add(0, ['S', 'Q', 'P', [1, 2], 'R', [4, 2], 'T']);
    d.outcomes.add(0, e.outcomes.take().codes);
    expect(d.step(JSON.parse(JSON.stringify(c)), 'i')).toEqual(step);
    expect(Object.keys(d.step(c, 'i'))).toEqual(Object.keys(step));
  });

  it('refuses a step whose decoded form breaks the run-log schema', () => {
    const e = new Encoder(suites);
    const c = e.step(step, 'i');
    const d = new Decoder(suites);
    d.parts.add(0, e.parts.take().parts);
    d.outcomes.add(0, e.outcomes.take().codes);
    expect(() => d.step({ ...c, durationMs: 'slow' }, 'i')).toThrow(/field "durationMs"/);
    expect(() => d.step({ ...c, calls: [{ ...c.calls[0], messages: [['x', 0]] }] }, 'i')).toThrow('is not [role letter, part]');
    expect(() => d.step({ ...c, evaluation: { code: 2, tests: '01' } }, undefined)).toThrow('outcome codes for an item without a known instance');
  });
});

describe('a version-2 log', () => {
  const cases = ['pair', 'prism', 'talk-static', 'talk-paragraph', 'interview'] as const;
  it.each(cases)('%s: opens with the numbers the version that wrote it reported, and so does its version-3 copy', async (name) => {
    const report = readFileSync(fixture(`v2-${name}.report.txt`), 'utf8');
    const log = await parseRunLog(v2Text(name));
    expect(log.manifest.schema).toBe('hintbench.runlog/3');
    const reportOf = (l: RunLog) => requireProtocol(l.manifest.protocol.id).report.run(l);
    expect(reportOf(log)).toBe(report);
    for (const copy of [toJson(log), toJsonl(log)]) {
      const again = await parseRunLog(copy);
      expect(again).toEqual(log);
      expect(reportOf(again)).toBe(report);
    }
  });

  it('is several times smaller in version 3 (PAIR demo, 27 items)', async () => {
    const text = v2Text('pair');
    const log = await parseRunLog(text);
    const v3 = toJson(log);
    expect(text.length / log.items.length).toBeGreaterThan(150_000);
    expect(v3.length / log.items.length).toBeLessThan(21_000);
    expect(toJson(await parseRunLog(v3))).toBe(v3); // and writes back byte for byte
  });
});

describe('reading version 3', () => {
  it('also reads a log written out in full (as the app holds it: JSON.stringify of a run log)', async () => {
    const log = await parseRunLog(v2Text('talk-static'));
    expect(await parseRunLog(JSON.stringify(log))).toEqual(log);
  });

  const manifestOf = async () => (await parseRunLog(v2Text('pair'))).manifest;

  it('names the line of a JSONL record that is wrong', async () => {
    const lines = toJsonl(await parseRunLog(v2Text('pair')))
      .trim()
      .split('\n');
    const stepAt = lines.findIndex((l) => l.startsWith('{"type":"step"'));
    const broken = [...lines];
    broken[stepAt] = broken[stepAt]!.replace(/"content":\d+/, '"content":999999');
    await expect(parseRunLog(broken.join('\n'))).rejects.toThrow(new RegExp(`^line ${stepAt + 1}: part 999999 is missing`));
    const moved = [...lines];
    moved.splice(stepAt, 1);
    moved.push(lines[stepAt]!.replace(/"item":"[^"]*"/, '"item":"elsewhere"'));
    await expect(parseRunLog(moved.join('\n'))).rejects.toThrow(/a step of item "elsewhere" that is not the item before it/);
  });

  it('refuses scores of another protocol, or for a model the run does not have', async () => {
    const log = await parseRunLog(v2Text('pair'));
    const other = { ...log, scores: { ...log.scores!, metrics: { protocol: 'talk', version: 1 } } };
    await expect(parseRunLog(toJson(other))).rejects.toThrow('scores: made by the metrics of "talk", but the run is a "pair" run');
    const stranger = { ...log, scores: { ...log.scores!, summaries: [{ ...log.scores!.summaries[0]!, modelId: 'ghost' }] } };
    await expect(parseRunLog(toJsonl(stranger))).rejects.toThrow(/line 2: scores: a row for model "ghost"/);
  });

  it('refuses a version it does not know, and a manifest that is not one', async () => {
    const manifest: Manifest = await manifestOf();
    await expect(parseRunLog(JSON.stringify({ manifest: { ...manifest, schema: 'hintbench.runlog/9' }, items: [] }))).rejects.toThrow(
      'reads run logs of versions 1 to 3, not "hintbench.runlog/9"',
    );
    await expect(parseRunLog('{"items": []}')).rejects.toThrow('not a hintbench run log: no "manifest"');
    await expect(parseRunLog('{"items": [{}]}')).rejects.toThrow('item 1: the manifest must come first');
    await expect(parseRunLog('')).rejects.toThrow('empty file');
  });
});
