// Instance synthesis end to end in Pyodide: mutate.py proposes realistic edits of the
// reference, and only variants inside the paper's pass-rate band, small, and not equivalent
// to one another are kept.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateProgram } from '../src/core/exec/engine.ts';
import { importFiles } from '../src/core/datasets/importers/index.ts';
import { defaultSynthesisOptions, synthesize, unusable, type SynthesisResult } from '../src/core/datasets/synthesis/synthesize.ts';
import { validateInstances, type Instance } from '../src/core/model/instance.ts';
import { changedLines } from '../src/core/text/diff.ts';
import { TrustedNodeExecutor } from './node-executor.ts';

const MUTATOR = readFileSync(new URL('./python/mutate.py', import.meta.url), 'utf8');
const fixture = (name: string) => ({
  path: name,
  data: new Uint8Array(readFileSync(new URL(`../src/core/datasets/importers/fixtures/${name}`, import.meta.url))),
});

const exec = new TrustedNodeExecutor();
let problem: Instance;
let result: SynthesisResult;

beforeAll(async () => {
  [problem] = importFiles('apps', [fixture('apps-synthesis.jsonl')]).instances as [Instance];
  result = await synthesize(exec, problem, defaultSynthesisOptions(MUTATOR));
});

describe('synthesis from an imported APPS problem', () => {
  it('yields valid instances labelled synthesized, with their operators', () => {
    expect(result.instances.length).toBeGreaterThanOrEqual(1);
    expect(validateInstances(result.instances).issues).toEqual([]);
    for (const inst of result.instances) {
      expect(inst.source.name).toBe('synthesized');
      expect(inst.synthesis?.from).toBe('apps-4242');
      expect(inst.synthesis?.operators.length).toBeGreaterThanOrEqual(1);
      expect(inst.synthesis?.descriptions.every((d) => /^line \d+: /.test(d))).toBe(true);
      expect(inst.tests).toEqual(problem.tests);
    }
  });

  it('keeps only variants in the pass-rate band, as small edits, each behaving differently', async () => {
    const seen = new Set<string>();
    for (const inst of result.instances) {
      const ev = await evaluateProgram(exec, inst, inst.buggy);
      const rate = ev.passed / ev.total;
      expect(rate).toBeGreaterThanOrEqual(0.1);
      expect(rate).toBeLessThanOrEqual(0.55);
      expect(changedLines(problem.reference, inst.buggy)).toBeLessThanOrEqual(4);
      const behaviour = ev.outcomes.map((o) => `${o.outcome}:${o.failType ?? ''}`).join('|');
      expect(seen.has(behaviour)).toBe(false);
      seen.add(behaviour);
    }
    expect(result.tried).toBeGreaterThan(result.instances.length);
    expect(Object.values(result.skipped).reduce((a, b) => a + b, 0)).toBe(result.tried - result.instances.length);
  });

  it('refuses problems it cannot use, with the reason', async () => {
    expect(unusable({ ...problem, reference: '' })).toBe('it has no reference solution');
    const broken = { ...problem, reference: 'print(0)\n' };
    await expect(synthesize(exec, broken, defaultSynthesisOptions(MUTATOR))).rejects.toThrow(/its reference fails 14 of 14 tests/);
  });
});

describe('mutate.py', () => {
  it('names each mutation and keeps the rest of the program as written', async () => {
    const source =
      '# keep this comment\ndef f(xs):\n    total = 0\n    for i in range(1, len(xs)):\n        if xs[i] > xs[i - 1]:\n            total += xs[i] - xs[i - 1]\n    return total\n';
    const { results } = await exec.run({
      program: MUTATOR,
      kind: 'call',
      entry: 'mutants',
      tests: [{ id: 'm', payload: JSON.stringify([source, 0, 0]) }],
      timeLimitMs: 30_000,
    });
    const mutants = JSON.parse(results[0]!.value!) as { operators: string[]; descriptions: string[]; source: string }[];
    const byOp = (op: string) => mutants.filter((m) => m.operators[0] === op).map((m) => m.descriptions[0]);
    expect(byOp('comparison-flip')).toEqual(['line 5: `>` became `>=`']);
    expect(byOp('initial-value')).toEqual(['line 3: `total` starts at `1` instead of `0`']);
    expect(byOp('range-bound')).toEqual([
      'line 4: the range bound `len(xs)` became `len(xs) - 1`',
      'line 4: the range bound `len(xs)` became `len(xs) + 1`',
      'line 4: the range start `1` became `2`',
    ]);
    expect(byOp('swap-operands')).toEqual(['line 6: `xs[i] - xs[i - 1]` became `xs[i - 1] - xs[i]`']);
    expect(byOp('drop-branch')).toEqual(['line 5: the branch `if xs[i] > xs[i - 1]` never runs']);
    expect(byOp('early-break')).toEqual(['line 7: the loop stops at the first `if xs[i] > xs[i - 1]`']);
    for (const m of mutants) {
      expect(m.source.startsWith('# keep this comment\n')).toBe(true);
      expect(changedLines(source, m.source)).toBe(1);
    }
  });
});
