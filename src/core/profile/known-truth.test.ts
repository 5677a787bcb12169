// Known truth: three simulated profile models (models.ts) run under all four protocols, and the
// profile recovers their traits. Built in: one latent skill (solo 0.85 > recursion 0.65 >
// even 0.45) that every protocol sees, plus
// - solo acts on 15% of feedback: it leads where no feedback is used (PAIR's Initial Fix, the
//   turn-0 repair; Talk static; Interview S_G) and drops in rank where feedback is (PAIR's Final
//   Fix, after the hinted turns; Talk's feedback setting; Interview's guided score S′_G);
// - recursion is 3 logits weaker at the recursion concept: recursion is its weakest concept in
//   PrismBench, and no other model's;
// - nowhere else: recursion stays above even in every ranking.
// The setting: PAIR on the demo subset with 10 turns (its default; with 3, the other models had
// too few hinted turns to overtake solo, so Final Fix could not show the trait);
// Talk static and code-feedback on the demo subset cut to 16 tests per instance, 5 steps; PrismBench
// with 80 evaluations per model; Interview on its 4 demo tasks; run seed 1.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeExecutorPool, ThreadedNodeExecutor, TrustedNodeExecutor } from '../../../workers/node-executor.ts';
import { MemoExecutor } from '../exec/memo.ts';
import type { Instance } from '../model/instance.ts';
import type { RunLog } from '../model/runlog.ts';
import { parseTasks } from '../model/task.ts';
import { runInMemory } from '../runner/test-run.ts';
import type { RunConfig } from '../runner/setup.ts';
import { PROFILE_MODELS } from '../llm/simulated/profile-models.ts';
import { modelProfile } from './profile.ts';
import { profileReport } from './report.ts';

const MUTATOR = readFileSync(new URL('../../../workers/python/mutate.py', import.meta.url), 'utf8');
const builtin = readFileSync(new URL('../../../datasets/builtin.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const TASKS = parseTasks(readFileSync(new URL('../../../datasets/interview.jsonl', import.meta.url), 'utf8')).filter((t) => t.subsets?.includes('demo'));
const DEMO = builtin.filter((i) => i.subsets?.includes('demo'));
const SEED = 1;
const TESTS = 16;

function cut(i: Instance): Instance {
  const keep = new Set(i.publicTests ?? []);
  const step = Math.max(1, Math.floor(i.tests.length / TESTS));
  i.tests.forEach((t, k) => k % step === 0 && keep.size < TESTS && keep.add(t.id));
  return { ...i, tests: i.tests.filter((t) => keep.has(t.id)) } as Instance;
}

const candidates = PROFILE_MODELS.map((m) => ({ kind: 'simulated' as const, profile: m.id }));
const config = (protocol: string, name: string, params: Record<string, unknown> = {}, roles: RunConfig['roles'] = undefined): RunConfig => ({
  protocol,
  name,
  candidates,
  ...(roles ? { roles } : {}),
  params,
  settings: { seed: SEED, concurrency: 2 },
});

const pool = new NodeExecutorPool(2);
const threaded = new ThreadedNodeExecutor();
const trusted = new TrustedNodeExecutor(256);
afterAll(() => {
  pool.close();
  threaded.close();
});
let logs: RunLog[] = [];

beforeAll(async () => {
  const talkExec = new MemoExecutor(pool);
  logs = [
    await runInMemory(config('pair', 'PAIR', { turns: 10 }), DEMO, { executor: threaded, mutator: MUTATOR }),
    await runInMemory(config('talk', 'Talk static', { setting: 'static' }), DEMO.map(cut), { executor: talkExec, mutator: MUTATOR }),
    await runInMemory(config('talk', 'Talk code feedback', { setting: 'code-feedback' }), DEMO.map(cut), { executor: talkExec, mutator: MUTATOR }),
    await runInMemory(config('prism', 'PrismBench', { maxNodes: 80 }, { designer: { kind: 'simulated', profile: 'bank' } }), [], {
      executor: threaded,
      mutator: MUTATOR,
    }),
    await runInMemory(
      config('interview', 'Interview', {}, { interviewer: { kind: 'simulated', profile: 'rule-based' } }),
      [],
      { executor: trusted, mutator: '' },
      undefined,
      TASKS,
    ),
  ];
}, 600_000);

describe('the model profile recovers the traits built into the profile models', () => {
  it('ranks, rank changes and weakest concepts where the traits put them, and nowhere else', () => {
    const p = modelProfile(logs, { replicates: 300 });
    console.log(profileReport(p));
    const rank = (column: string, id: string) => p.columns.find((c) => c.label === column)!.ranks![p.models.findIndex((m) => m.id === id)]!;
    expect(p.models.map((m) => m.id)).toEqual(PROFILE_MODELS.map((m) => m.id));
    // solo: first without feedback, lower with it.
    for (const c of ['PAIR Initial Fix', 'Talk static TCA', 'Interview S_G']) expect(rank(c, 'profile-solo'), c).toBe(1);
    expect(rank('PAIR Final Fix', 'profile-solo')).toBeGreaterThan(rank('PAIR Initial Fix', 'profile-solo'));
    expect(rank('Talk code feedback TCA', 'profile-solo')).toBeGreaterThan(rank('Talk static TCA', 'profile-solo'));
    expect(rank('Interview S′_G', 'profile-solo')).toBeGreaterThan(rank('Interview S_G', 'profile-solo'));
    // recursion above even everywhere.
    for (const c of p.columns) expect(rank(c.label, 'profile-recursion'), c.label).toBeLessThan(rank(c.label, 'profile-even'));
    // recursion's weakest concept is recursion; not the others'.
    const concepts = p.sections.find((s) => s.protocol === 'prism')!.data as { weakest: string[][] };
    const weakest = Object.fromEntries(p.models.map((m, k) => [m.id, concepts.weakest[k]![0]]));
    expect(weakest['profile-recursion']).toBe('recursion');
    expect(weakest['profile-solo']).not.toBe('recursion');
    expect(weakest['profile-even']).not.toBe('recursion');
    // The discordant pairs involve solo only.
    for (const d of p.discordant) for (const pair of d.pairs) expect([pair.first, pair.second]).toContain('profile-solo');
    // The bootstrap is deterministic for a seed.
    expect(modelProfile(logs, { replicates: 300 })).toEqual(p);
  });
});
