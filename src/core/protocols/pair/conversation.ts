// What every protocol's candidate conversation shares: the system prompt, turn 0 (the unaided
// initial repair, identical across protocols), the history of earlier turns, and revisions.
import type { ChatMessage } from '../../llm/types.ts';
import type { TestOutcome } from '../../model/outcome.ts';
import type { StopReason } from '../../model/runlog.ts';
import { fill } from '../contract.ts';
import { currentCode, type ItemState, type PlanEnv, type TurnPlan } from './item-state.ts';
import type { TurnFeedback } from './step-data.ts';

const withNewline = (code: string) => (code.endsWith('\n') ? code : `${code}\n`);

/** The conversation so far: each turn's prompt and the candidate's reply. */
function history(state: ItemState): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: state.templates.system ?? '' }];
  for (const t of state.turns) {
    messages.push({ role: 'user', content: t.prompt });
    messages.push({ role: 'assistant', content: t.reply ?? '' });
  }
  return messages;
}

function isFixed(state: ItemState): boolean {
  const last = state.turns.at(-1);
  return Boolean(last && last.total > 0 && last.passed.length === last.total);
}

/** Stop when fixed or out of turns (α revisions after turn 0); null to go on. */
function stopReason(state: ItemState): StopReason | null {
  if (isFixed(state)) return 'fixed';
  if (state.turns.length > state.params.turns) return 'turns';
  return null;
}

/** How every protocol's turn begins: stop, or turn 0; null when a revision is due. */
export function opening(state: ItemState): TurnPlan | { stop: StopReason } | null {
  const stop = stopReason(state);
  if (stop) return { stop };
  return state.turns.length === 0 ? initialRepair(state) : null;
}

/** The current program's per-test outcomes (kept by the runner, or evaluated after a resume). */
export async function currentOutcomes(state: ItemState, env: PlanEnv): Promise<TestOutcome[]> {
  state.outcomes ??= await env.evaluate(currentCode(state));
  return state.outcomes;
}

/** Turn 0: the statement and the buggy program, no feedback. */
function initialRepair(state: ItemState): TurnPlan {
  const prompt = fill(state.templates.initial ?? '', { statement: state.instance.statement, code: withNewline(state.instance.buggy) });
  return {
    messages: [...history(state), { role: 'user', content: prompt }],
    prompt,
    context: { instance: state.instance, code: state.instance.buggy, turn: 0, repeat: state.repeat },
  };
}

/** A revision turn: the hint (or none) and the current program. */
export function revision(state: ItemState, hint: string | null, feedback: TurnFeedback, extra: { level?: number; targetTests?: string[] } = {}): TurnPlan {
  const code = currentCode(state);
  const prompt =
    hint === null
      ? fill(state.templates.revision_no_hint ?? state.templates.revision ?? '', { code: withNewline(code) })
      : fill(state.templates.revision ?? '', { hint, code: withNewline(code) });
  return {
    messages: [...history(state), { role: 'user', content: prompt }],
    prompt,
    context: { instance: state.instance, code, turn: state.turns.length, repeat: state.repeat, hint, ...extra },
    feedback,
  };
}
