// `npm run study:talk -- [--seeds 1,2,3] [--instances all|demo] [--tests N] [--out DIR]`: the
// full version of Talk's known-truth test (src/core/protocols/talk/known-truth.test.ts), in
// Node with Pyodide: every setting, the five simulated code models (three skills, stubborn,
// attentive), the rule-based user with an error rate of 0.2, on all 53 built-in instances with
// every test by default. Prints, per seed, the settings compared (TCA, the rank change and the
// footrule) and whether each built-in truth was recovered; the last line is one JSON object.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { NodeExecutorPool } from '../../../../../workers/node-executor.ts';
import { MemoExecutor } from '../../../exec/memo.ts';
import type { Instance } from '../../../model/instance.ts';
import type { RunLog } from '../../../model/runlog.ts';
import { compareTalk } from '../compare.ts';
import { itemMeasures } from '../metrics.ts';
import { talkCompareReport } from '../report.ts';
import { SETTING_IDS } from '../settings.ts';
import { talkItems } from '../view.ts';
import { toJson } from '../../../runner/export.ts';
import { SharedValues } from '../../../runner/shared-values.ts';
import { runInMemory } from '../../../runner/test-run.ts';
import { nodeStyleChecker } from '../../../../style/ruff-node.ts';

const { values } = parseArgs({
  options: { seeds: { type: 'string', default: '1' }, instances: { type: 'string', default: 'all' }, tests: { type: 'string' }, out: { type: 'string' } },
});
const seeds = values.seeds!.split(',').map(Number);
const MODELS = ['low', 'medium', 'high', 'stubborn', 'attentive'];
const ERROR_RATE = 0.2;
const log = (line: string) => process.stderr.write(`${line}\n`);

const builtin = readFileSync('datasets/builtin.jsonl', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Instance);
const cut = (i: Instance, n: number): Instance => {
  const keep = new Set(i.publicTests ?? []);
  const step = Math.max(1, Math.floor(i.tests.length / n));
  i.tests.forEach((t, k) => k % step === 0 && keep.size < n && keep.add(t.id));
  return { ...i, tests: i.tests.filter((t) => keep.has(t.id)) } as Instance;
};
const chosen = (values.instances === 'demo' ? builtin.filter((i) => i.subsets?.includes('demo')) : builtin).map((i) =>
  values.tests ? cut(i, Number(values.tests)) : i,
);
const mutator = readFileSync('workers/python/mutate.py', 'utf8');
const pool = new NodeExecutorPool(2);
const executor = new MemoExecutor(pool);
const t0 = performance.now();
const results: Record<string, unknown>[] = [];

for (const seed of seeds) {
  const logs: RunLog[] = [];
  const shared = new SharedValues();
  for (const setting of SETTING_IDS) {
    const started = performance.now();
    const runLog = await runInMemory(
      {
        protocol: 'talk',
        name: setting,
        candidates: MODELS.map((profile) => ({ kind: 'simulated', profile })),
        params: { setting, userErrorRate: ERROR_RATE },
        settings: { seed, concurrency: 4 },
      },
      chosen,
      { executor, mutator, shared, style: async () => nodeStyleChecker() },
    );
    log(`seed ${seed}, ${setting}: ${runLog.items.length} items in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    logs.push(runLog);
    if (values.out) {
      mkdirSync(values.out, { recursive: true });
      writeFileSync(join(values.out, `seed${seed}-${setting}.json`), toJson(runLog));
    }
  }
  const by = new Map(logs.map((l) => [String(l.manifest.params.setting), l]));
  const tca = (setting: string, model: string) => by.get(setting)!.summaries.find((s) => s.modelId === `sim-${model}`)!.metrics.tca!;
  const skillOrder = Object.fromEntries(
    SETTING_IDS.map((s) => [s, tca(s, 'low') <= tca(s, 'medium') && tca(s, 'medium') <= tca(s, 'high') && tca(s, 'low') < tca(s, 'high')]),
  );
  let right = 0;
  let judged = 0;
  for (const setting of ['paragraph', 'sentence', 'code-feedback']) {
    for (const item of talkItems(by.get(setting)!))
      for (const t of itemMeasures(item.attempts).transitions) if (t.directional !== null) [right, judged] = [right + Number(t.directional), judged + 1];
  }
  const rankChange = Object.fromEntries(
    ['paragraph', 'sentence', 'code-feedback'].map((s) => [s, compareTalk([by.get('static')!, by.get(s)!]).byTca[1]!.normalized]),
  );
  process.stdout.write(`\n=== seed ${seed}\n\n${talkCompareReport(logs)}\n`);
  const result = {
    seed,
    skillOrder,
    dcPooled: +(right / judged).toFixed(3),
    claims: judged,
    dcTruth: 1 - ERROR_RATE,
    stubbornAboveAttentiveInStatic: tca('static', 'stubborn') > tca('static', 'attentive'),
    footruleAgainstStatic: rankChange,
  };
  process.stdout.write(`known truth: ${JSON.stringify(result)}\n`);
  results.push(result);
}
await pool.close();
console.log(
  JSON.stringify({ instances: chosen.length, tests: values.tests ?? 'all', seeds, minutes: +((performance.now() - t0) / 60000).toFixed(1), results }),
);
