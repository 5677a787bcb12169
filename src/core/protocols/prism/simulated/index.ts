// The live model of a Prism role's simulated choice.
import type { ChatModel } from '../../../llm/types.ts';
import type { ModelSpec } from '../../../model/runlog.ts';
import type { SimulatedDeps } from '../../contract.ts';
import { RuleBasedAnalyser } from './analyser.ts';
import { prismCapability, profileModel } from '../../../profile/models.ts';
import { PROFILES } from './capability.ts';
import { BankDesigner } from './designer.ts';
import { SimulatedModelUnderTest } from './model.ts';

export function prismSimulatedModel(spec: ModelSpec, deps: SimulatedDeps): ChatModel {
  if (spec.profile === 'bank') return new BankDesigner(spec.id, spec.label, deps.seed);
  if (spec.profile === 'rules') return new RuleBasedAnalyser(spec.id, spec.label);
  const own = profileModel(spec.profile);
  const profile = PROFILES[spec.profile ?? ''] ?? (own && prismCapability(own));
  if (!profile) throw new Error(`no simulated model "${spec.profile}" in the Prism protocol`);
  return new SimulatedModelUnderTest(spec.id, spec.label, profile, deps.seed);
}
