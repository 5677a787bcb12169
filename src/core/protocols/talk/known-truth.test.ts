// Known truth: with Talk's simulated models, does the protocol recover what was built into
// them? The setting, fixed before the figures below were measured and not searched over:
// - the 9 instances of the built-in demo subset, each cut to 16 of its tests (its public
//   examples, then tests spread over the suite) to keep the test short; `npm run study:talk`
//   runs all 53 instances with every test;
// - the simulated code models as they ship: three skills (0.25, 0.55, 0.85) and the stubborn
//   and attentive models; the rule-based user with an error rate of 0.2, the keyword judge;
//   5 steps; run seed 1;
// - six settings: static, self-critique and the four feedback types.
// What is built in (docs/talk.md, "Simulated models"):
// 1. a more skilled model does at least as well, so within every setting TCA does not fall with
//    skill, and the highest skill beats the lowest;
// 2. the user's claim is wrong with probability 0.2 on every piece of feedback it gives, so the
//    share of feedback steps whose claim matches the tests is 0.8 (within ±0.08, about three
//    standard errors at this size); the paper's per-item-then-across mean is pulled up by early
//    stopping (a wrong claim keeps an item going), so it is at least the pooled share;
// 3. each type helps in its own way: a paragraph makes the model rework its notes as well as
//    the detail (larger edits than a sentence or code feedback, which changes the named line
//    only), a rephrased question makes it write afresh (larger edits than code feedback; it may
//    lose details it had, so it need not end above self-critique); a paragraph, a sentence or
//    code feedback beats self-critique (mean over the skills), and the full statement solves
//    more items at the first attempt than the under-specified one;
// 4. the stubborn model (skill 0.85, acts on 15% of feedback) beats the attentive one (skill
//    0.25, uptake 0.95) in static and falls below it with paragraph, sentence or code feedback:
//    a rank change against static, found by the footrule.
// The code models and the user draw common random numbers (the same draws for every model at
// an item's step), so these hold draw by draw rather than only on average: seeds 1 to 8 all
// pass (measured during development); only seed 1 runs here.
//
// Measured (seed 1, 2 cores, Pyodide in Node, about 25 s):
//   TCA % (low, medium, high): static 59.7 66.0 89.6 · self-critique 37.5 56.3 65.3 ·
//   paragraph 65.3 85.4 99.3 · sentence 54.2 80.6 88.9 · code feedback 68.8 86.8 100 ·
//   query rephrasing 76.4 91.7 97.2;
//   stubborn / attentive: static 89.6 / 59.7 · paragraph 65.3 / 86.1 · sentence 61.1 / 70.8 ·
//   code feedback 66.0 / 88.9;
//   directional correctness pooled over 404 claims 0.837, per item then across 129 items 0.865;
//   edit distance per revision (high): paragraph 28.6, sentence 9.7, code feedback 10.6, query
//   rephrasing 37.4 characters; items solved at the first attempt: 19 static, 2 under-specified.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeExecutorPool } from '../../../../workers/node-executor.ts';
import { nodeStyleChecker } from '../../../style/ruff-node.ts';
import { MemoExecutor } from '../../exec/memo.ts';
import type { Instance } from '../../model/instance.ts';
import type { RunLog } from '../../model/runlog.ts';
import { runInMemory } from '../../runner/test-run.ts';
import { compareTalk } from './compare.ts';
import { itemMeasures } from './metrics.ts';
import { talkData } from './summary.ts';
import { talkItems } from './view.ts';

const MUTATOR = readFileSync(new URL('../../../../workers/python/mutate.py', import.meta.url), 'utf8');
const builtin = readFileSync(new URL('../../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const SKILLS = ['low', 'medium', 'high'] as const;
/** Strong alone but deaf to feedback, and the reverse: the rank change is built in. */
const UNLIKE = ['stubborn', 'attentive'] as const;
const SETTINGS = ['static', 'self-critique', 'paragraph', 'sentence', 'code-feedback', 'query-rephrasing'] as const;
const ERROR_RATE = 0.2;
const TESTS = 16;
const SEED = Number(process.env.TALK_TRUTH_SEED ?? 1);

/** An instance cut to its public tests and others spread over the suite, TESTS in all. */
function cut(i: Instance): Instance {
  const keep = new Set(i.publicTests ?? []);
  const step = Math.max(1, Math.floor(i.tests.length / TESTS));
  i.tests.forEach((t, k) => k % step === 0 && keep.size < TESTS && keep.add(t.id));
  return { ...i, tests: i.tests.filter((t) => keep.has(t.id)) } as Instance;
}

const pool = new NodeExecutorPool(2);
afterAll(() => pool.close());
const logs = new Map<string, RunLog>();

beforeAll(async () => {
  const instances = builtin.filter((i) => i.subsets?.includes('demo')).map(cut);
  const executor = new MemoExecutor(pool);
  for (const setting of SETTINGS) {
    const log = await runInMemory(
      {
        protocol: 'talk',
        name: setting,
        candidates: [...SKILLS, ...UNLIKE].map((profile) => ({ kind: 'simulated', profile })),
        params: { setting, userErrorRate: ERROR_RATE },
        settings: { seed: SEED, concurrency: 4 },
      },
      instances,
      { executor, mutator: MUTATOR, style: async () => nodeStyleChecker() },
    );
    expect(log.items.every((i) => i.status === 'done')).toBe(true);
    logs.set(setting, log);
  }
}, 600_000);

const metric = (setting: string, skill: string, key: string) => logs.get(setting)!.summaries.find((s) => s.modelId === `sim-${skill}`)!.metrics[key]!;
const dataOf = (setting: string, skill: string) => talkData(logs.get(setting)!.summaries.find((s) => s.modelId === `sim-${skill}`)!)!;
const table = (key: string) => Object.fromEntries(SETTINGS.map((s) => [s, SKILLS.map((k) => Number(metric(s, k, key)?.toFixed(3)))]));

describe('Talk recovers the truth built into its simulated models', () => {
  it('orders the skills by TCA in every setting', () => {
    console.log('TCA by setting (low, medium, high):', JSON.stringify(table('tca')));
    for (const setting of SETTINGS) {
      const [low, medium, high] = SKILLS.map((k) => metric(setting, k, 'tca'));
      expect(low!, setting).toBeLessThanOrEqual(medium!);
      expect(medium!, setting).toBeLessThanOrEqual(high!);
      expect(low!, setting).toBeLessThan(high!);
    }
  });

  it('finds directional correctness at one minus the user’s error rate', () => {
    let right = 0;
    let judged = 0;
    let perItem = 0;
    let items = 0;
    for (const setting of ['paragraph', 'sentence', 'code-feedback']) {
      for (const item of talkItems(logs.get(setting)!)) {
        const m = itemMeasures(item.attempts);
        for (const t of m.transitions) if (t.directional !== null) [right, judged] = [right + Number(t.directional), judged + 1];
        if (m.dc !== null) [perItem, items] = [perItem + m.dc, items + 1];
      }
    }
    const pooled = right / judged;
    console.log(
      `directional correctness: pooled over ${judged} claims ${pooled.toFixed(3)}, per item then across ${items} items ${(perItem / items).toFixed(3)} (truth ${1 - ERROR_RATE})`,
    );
    expect(Math.abs(pooled - (1 - ERROR_RATE))).toBeLessThanOrEqual(0.08);
    expect(perItem / items).toBeGreaterThanOrEqual(pooled - 0.01);
  });

  it('shows each feedback type’s own signature', () => {
    const edit = (setting: string, skill: string) => dataOf(setting, skill).steer.edit!;
    const tca = (setting: string) => SKILLS.reduce((sum, k) => sum + metric(setting, k, 'tca')!, 0) / SKILLS.length;
    const solvedFirst = (setting: string) =>
      talkItems(logs.get(setting)!).filter((i) => i.attempts[0] && i.attempts[0].passed.length === i.attempts[0].total).length;
    console.log(
      'edit distance per revision:',
      JSON.stringify(table('edit')),
      'tests flipped:',
      JSON.stringify(table('flips')),
      'solved at the first attempt, static vs under-specified:',
      solvedFirst('static'),
      solvedFirst('paragraph'),
    );
    const failed: string[] = [];
    const claim = (ok: boolean, what: string) => ok || failed.push(what);
    for (const skill of SKILLS) {
      claim(edit('paragraph', skill) > edit('code-feedback', skill), `${skill}: a paragraph edits more than code feedback`);
      claim(edit('paragraph', skill) > edit('sentence', skill), `${skill}: a paragraph edits more than a sentence`);
      claim(edit('query-rephrasing', skill) > edit('code-feedback', skill), `${skill}: a rephrased question edits more than code feedback`);
    }
    for (const setting of ['paragraph', 'sentence', 'code-feedback'])
      claim(tca(setting) > tca('self-critique'), `${setting} beats self-critique (mean over skills)`);
    claim(solvedFirst('static') > solvedFirst('paragraph'), 'the full statement solves more items at the first attempt');
    expect(failed).toEqual([]);
  });

  it('finds the rank change built in: the stubborn model drops below the attentive one once there is feedback', () => {
    const tca = (setting: string, profile: string) => metric(setting, profile, 'tca')!;
    console.log('stubborn vs attentive TCA:', JSON.stringify(Object.fromEntries(SETTINGS.map((s) => [s, UNLIKE.map((k) => Number(tca(s, k).toFixed(3)))]))));
    expect(tca('static', 'stubborn')).toBeGreaterThan(tca('static', 'attentive'));
    for (const setting of ['paragraph', 'sentence', 'code-feedback']) {
      expect(tca(setting, 'attentive'), setting).toBeGreaterThan(tca(setting, 'stubborn'));
      const c = compareTalk([logs.get('static')!, logs.get(setting)!]);
      expect(c.byTca[1]!.footrule, setting).toBeGreaterThan(0);
    }
  });

  it('ranks readability by skill: the low-skill model writes its notes against pycodestyle', () => {
    for (const setting of SETTINGS) {
      const [low, medium, high] = SKILLS.map((k) => metric(setting, k, 'style'));
      expect(low!, setting).toBeGreaterThan(medium!);
      expect(medium!, setting).toBeGreaterThan(high!);
    }
  });
});
