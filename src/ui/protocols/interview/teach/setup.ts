// What both Interview seats' setup forms share: how a choice of model reads as a run's model, and
// the default number of revisions for a person's session.
import type { ModelConfig } from '../../../../core/llm/specs.ts';
import type { RoleSpec } from '../../../../core/protocols/contract.ts';
import { settings } from '../../../settings.svelte.ts';

/** A person's session: fewer revisions than a model's run (5), so that it fits a lesson. */
export const TEACH_ITERATIONS = 3;

/** A role's model from a form's choice: `sim:<profile>`, a provider model, or `none` (null); an error when the provider is gone. */
export function modelOf(role: RoleSpec, value: string): ModelConfig | null {
  if (value === 'none') return null;
  if (value.startsWith('sim:')) return { kind: 'simulated', profile: value.slice(4) };
  const config = settings.providerChoice(role, value);
  if (!config) throw new Error(`the ${role.name} model’s provider is gone: choose another`);
  return config;
}
