// Talk's scorer and reducers: an item's measures (metrics.ts) as its score record, and a model's
// leaderboard row and figures' data as their reduction, pooled over repeats. Pure functions.
import type { ItemRecord, Manifest, ModelSummary } from '../../model/runlog.ts';
import { mean, meanSe } from '../../stats/stats.ts';
import type { Reduction } from '../contract.ts';
import { measuring, sumOf, valuesOf, where, type ItemScore } from '../reduce.ts';
import {
  changeTable,
  itemMeasures,
  steerability,
  type Change,
  type ItemMeasures,
  type ChangeTable,
  type Direction,
  type ModelMeasures,
  type Steerability,
} from './metrics.ts';
import { stepsOf, talkParamsOf } from './params.ts';
import { talkItem, testIdsOf } from './view.ts';

/** The leaderboard's numbers of one model (ModelSummary.metrics). */
export function metricsOf(m: ModelMeasures): Record<string, number | null> {
  return {
    tca: m.tca?.mean ?? null,
    tcaSe: m.tca?.se ?? null,
    tcaFirst: m.tcaFirst,
    solved: m.solved,
    steps: m.steps,
    dc: m.dc?.mean ?? null,
    dcSe: m.dc?.se ?? null,
    style: m.style,
    styleItems: m.styleItems,
    edit: m.steer.edit,
    flips: m.steer.flipShare,
  };
}

/** Everything else a Talk summary carries (ModelSummary.data): the figures' data. */
export type TalkSummaryData = Omit<ModelMeasures, 'items' | 'tca' | 'tcaFirst' | 'solved' | 'steps' | 'dc' | 'style' | 'styleItems'>;

export const talkData = (s: ModelSummary) => s.data as TalkSummaryData | undefined;

/** Each instance's test ids, read once per manifest (item scores are asked for item by item). */
const testsByManifest = new WeakMap<Manifest, ReadonlyMap<string, readonly string[]>>();

const CHANGES = ['better', 'worse', 'same'] as const;
const DIRECTIONS = ['correct', 'incorrect', 'none'] as const;
const changeKey = (c: Change, d: Direction) => `change.${c}.${d}`;
const typeKey = (type: string, what: 'transitions' | 'editSum' | 'flipSum' | 'judged' | 'correct') => `type.${type}.${what}`;
const TYPE_KEY = /^type\.(.+)\.transitions$/;

/**
 * One item's own numbers, from the measures the leaderboard averages: TCA at each step (`tca0` the
 * first program; an item that stopped early keeps its last value, as Fig. 3 does), the last TCA,
 * solved (1/0) and at which step, directional correctness, style, and its mean edit distance and
 * share of tests flipped per revision. With them, the counts the leaderboard and the figures pool
 * over revisions: their number and sums, Fig. 4's cells, each feedback type's, and the first
 * revision's point of Fig. 6. All null (counts 0) for an item with no attempt.
 */
export function itemScores(manifest: Manifest, record: ItemRecord): ItemScore {
  let tests = testsByManifest.get(manifest);
  if (!tests) testsByManifest.set(manifest, (tests = testIdsOf(manifest)));
  return scoreOf(itemMeasures(talkItem(record, tests).attempts), stepsOf(talkParamsOf(manifest)));
}

/** An item's score record from its measures, over a run of `steps` steps. */
export function scoreOf(m: ItemMeasures, steps: number): ItemScore {
  const counted = m.tca.length > 0;
  const steer = steerability(m.transitions);
  const byStep = Object.fromEntries(Array.from({ length: steps }, (_, t) => [`tca${t}`, counted ? m.tca[Math.min(t, m.tca.length - 1)]! : null]));
  const cells = changeTable([m]);
  const first = m.transitions.find((t) => t.step === 1);
  const byType: Record<string, number> = {};
  for (const t of m.transitions) {
    const type = t.type ?? 'none';
    const add = (what: Parameters<typeof typeKey>[1], n: number) => (byType[typeKey(type, what)] = (byType[typeKey(type, what)] ?? 0) + n);
    add('transitions', 1);
    add('editSum', t.edit);
    add('flipSum', t.flipShare);
    add('judged', t.directional === null ? 0 : 1);
    add('correct', t.directional ? 1 : 0);
  }
  return {
    ...byStep,
    tca: counted ? m.final : null,
    solved: counted ? Number(m.solvedAt !== null) : null,
    steps: m.solvedAt,
    dc: m.dc,
    style: m.style,
    edit: steer.edit,
    flips: steer.flipShare,
    transitions: m.transitions.length,
    editSum: m.transitions.reduce((a, t) => a + t.edit, 0),
    flipSum: m.transitions.reduce((a, t) => a + t.flipShare, 0),
    firstEdit: first ? first.edit : null,
    firstFlips: first ? first.flipShare : null,
    ...Object.fromEntries(CHANGES.flatMap((c) => DIRECTIONS.map((d) => [changeKey(c, d), cells[c][d]]))),
    ...byType,
  };
}

/** Steerability pooled over the revisions the records count. */
function pooledSteer(scores: readonly ItemScore[], transitions: string, editSum: string, flipSum: string): Steerability {
  const n = sumOf(scores, transitions);
  return { transitions: n, edit: n ? sumOf(scores, editSum) / n : null, flipShare: n ? sumOf(scores, flipSum) / n : null };
}

/** A model's measures from its items' score records (each item counts once; revisions are pooled). */
export function reduceTalk(scores: readonly ItemScore[], steps: number): ModelMeasures {
  const counted = measuring(scores, 'tca');
  const styles = valuesOf(counted, 'style');
  const types = [...new Set(counted.flatMap((s) => Object.keys(s).flatMap((k) => TYPE_KEY.exec(k)?.[1] ?? [])))];
  const byType = Object.fromEntries(
    types.map((type) => {
      const judged = sumOf(counted, typeKey(type, 'judged'));
      const steer = pooledSteer(counted, typeKey(type, 'transitions'), typeKey(type, 'editSum'), typeKey(type, 'flipSum'));
      return [type, { ...steer, dc: judged ? sumOf(counted, typeKey(type, 'correct')) / judged : null }];
    }),
  );
  const firsts = counted.filter((s) => s.firstEdit !== null && s.firstEdit !== undefined);
  return {
    items: counted.length,
    tca: meanSe(valuesOf(counted, 'tca')),
    tcaFirst: mean(valuesOf(counted, 'tca0')),
    solved: counted.length ? where(counted, 'solved').length / counted.length : null,
    steps: mean(valuesOf(counted, 'steps')),
    dc: meanSe(valuesOf(counted, 'dc')),
    style: mean(styles),
    styleItems: styles.length,
    steer: pooledSteer(counted, 'transitions', 'editSum', 'flipSum'),
    tcaByStep: Array.from({ length: steps }, (_, t) => mean(valuesOf(counted, `tca${t}`))),
    change: Object.fromEntries(CHANGES.map((c) => [c, Object.fromEntries(DIRECTIONS.map((d) => [d, sumOf(counted, changeKey(c, d))]))])) as ChangeTable,
    byType,
    firstRevision: firsts.map((s) => ({ edit: s.firstEdit!, flipShare: s.firstFlips! })),
  };
}

/** A model's leaderboard numbers and figures' block from its items' score records. */
export function reduce(manifest: Manifest, scores: readonly ItemScore[]): Reduction {
  const all = reduceTalk(scores, stepsOf(talkParamsOf(manifest)));
  const { items, tca: _t, tcaFirst: _f, solved: _s, steps: _n, dc: _d, style: _y, styleItems: _c, ...data } = all;
  return { items, metrics: metricsOf(all), data: data satisfies TalkSummaryData };
}
