// What a class's PAIR sessions show a teacher (the class view): the failure scenarios learners
// met and did not close, and the hints a person in the feedback seat wrote, with what each did.
import type { RunLog } from '../../model/runlog.ts';
import type { StuckPoint, Writing } from '../contract.ts';
import { hintEffects } from './hint-writing.ts';
import { pairLog } from './view.ts';
import type { Instance } from '../../model/instance.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Each failure scenario (by instance and scenario id) the sessions' turns targeted: how many
 * sessions met it, and in how many its tests did not all pass at the end. Most stuck first.
 */
export function stuckScenarios(logs: readonly RunLog[]): StuckPoint[] {
  const points = new Map<string, StuckPoint>();
  for (const log of logs) {
    const titles = new Map(log.manifest.dataset.instances.map((i) => [i.id, i.title ?? i.id]));
    for (const item of pairLog(log).items) {
      const last = new Set(item.turns.at(-1)?.passed ?? []);
      const met = new Map<string, NonNullable<NonNullable<(typeof item.turns)[number]['feedback']>['scenario']>>();
      for (const t of item.turns) if (t.feedback?.scenario) met.set(t.feedback.scenario.id, t.feedback.scenario);
      for (const [id, scenario] of met) {
        const key = `${item.instanceId}|${id}`;
        const kind = [scenario.shape && `${scenario.shape} output`, scenario.failType && `${scenario.failType} failures`].filter(Boolean).join(', ');
        const point = points.get(key) ?? {
          key,
          what: `${titles.get(item.instanceId) ?? item.instanceId}: a scenario of ${plural(scenario.testIds.length, 'test')}${kind ? ` (${kind})` : ''}`,
          learners: 0,
          stuck: 0,
        };
        point.learners += 1;
        if (!scenario.testIds.every((tid) => last.has(tid))) point.stuck += 1;
        points.set(key, point);
      }
    }
  }
  return [...points.values()].sort((a, b) => b.stuck - a.stuck || b.learners - a.learners || a.what.localeCompare(b.what));
}

/** The hints a session's person wrote (the feedback seat), each with what the candidate did with it. */
export function writtenHints(log: RunLog, instances: ReadonlyMap<string, Instance>): Writing[] {
  const item = pairLog(log).items[0];
  const instance = item && instances.get(item.instanceId);
  if (!item || !instance) return [];
  return hintEffects(item.turns, instance).flatMap((e) =>
    e.hint
      ? [
          {
            turn: e.turn,
            text: e.hint,
            what: `asked L${e.level} · reads as ${e.readsAs ? `L${e.readsAs}` : 'beyond L6'}`,
            score: e.scenarioSize ? e.scenarioPassing / e.scenarioSize : 0,
            outcome: `${e.scenarioPassing} of the scenario's ${plural(e.scenarioSize, 'test')} pass after it; ${plural(e.fixed.length, 'test')} fixed, ${e.broken.length} broken`,
          },
        ]
      : [],
  );
}
