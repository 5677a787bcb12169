// The no-hint multi-turn baseline (PAIR paper): an initial repair, then revisions that only
// hear "hidden tests still fail", for the same number of turns as the controlled protocol.
import { fill, type ItemState, type Protocol, type TurnPlan } from '../../runner/protocol.ts';
import type { ChatMessage } from '../../llm/types.ts';
import type { StopReason } from '../../model/runlog.ts';
import { INITIAL_REPAIR, NO_HINT_REVISION, SYSTEM } from './prompts.ts';

export function initialPrompt(state: ItemState): string {
  return fill(INITIAL_REPAIR, { statement: state.instance.statement, code: state.instance.buggy.endsWith('\n') ? state.instance.buggy : `${state.instance.buggy}\n` });
}

/** The conversation so far: each turn's prompt and the candidate's reply. */
export function history(state: ItemState): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: SYSTEM }];
  for (const t of state.turns) {
    messages.push({ role: 'user', content: t.prompt });
    messages.push({ role: 'assistant', content: t.reply ?? '' });
  }
  return messages;
}

export function isFixed(state: ItemState): boolean {
  const last = state.turns.at(-1);
  return Boolean(last && last.total > 0 && last.passed.length === last.total);
}

export const noHint: Protocol = {
  id: 'no-hint',
  label: 'No-hint multi-turn baseline',
  templates: { system: SYSTEM, initial: INITIAL_REPAIR, revision: NO_HINT_REVISION },
  plan(state: ItemState): TurnPlan | { stop: StopReason } {
    if (isFixed(state)) return { stop: 'fixed' };
    if (state.turns.length > state.params.turns) return { stop: 'turns' };
    const turn = state.turns.length;
    const prompt = turn === 0 ? initialPrompt(state) : NO_HINT_REVISION;
    const code = state.turns.at(-1)?.code ?? state.instance.buggy;
    return {
      messages: [...history(state), { role: 'user', content: prompt }],
      prompt,
      context: { instance: state.instance, code, turn },
      ...(turn > 0 ? { feedback: { text: NO_HINT_REVISION } } : {}),
    };
  },
};
