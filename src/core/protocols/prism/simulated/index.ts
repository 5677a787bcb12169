// The live model of a Prism role's simulated choice.
import type { ChatModel } from '../../../llm/types.ts';
import type { ModelSpec } from '../../../model/runlog.ts';
import type { SimulatedDeps } from '../../contract.ts';
import { RuleBasedAnalyser } from './analyser.ts';
import { profileModel, type ProfileModel } from '../../../llm/simulated/profile-models.ts';
import { type CapabilityProfile } from './capability.ts';
import { ALL_PROFILES } from './maps.ts';
import { BankDesigner } from './designer.ts';
import { SimulatedModelUnderTest } from './model.ts';

export function prismSimulatedModel(spec: ModelSpec, deps: SimulatedDeps): ChatModel {
  if (spec.profile === 'bank') return new BankDesigner(spec.id, spec.label, deps.seed);
  if (spec.profile === 'rules') return new RuleBasedAnalyser(spec.id, spec.label);
  const own = profileModel(spec.profile);
  const profile = ALL_PROFILES[spec.profile ?? ''] ?? (own && prismCapability(own));
  if (!profile) throw new Error(`no simulated model "${spec.profile}" in the Prism protocol`);
  return new SimulatedModelUnderTest(spec.id, spec.label, profile, deps.seed);
}

/**
 * PrismBench: mean concept logit 4·s − 1.4 (0.85 → 2.0 as "strong", 0.25 → −0.4 as "weak"), a
 * small spread (0.3) so the traits stand out, the concept offsets, and the built-in profiles'
 * other constants.
 */
export const prismCapability = (m: ProfileModel): CapabilityProfile => ({
  id: m.id,
  label: m.id,
  base: 4 * m.skill - 1.4,
  spread: 0.3,
  perLevel: 0.55,
  perConcept: 0.4,
  testsBonus: 1.5,
  retryFactor: 0.35,
  fixerFactor: 0.3,
  conceptOffsets: m.conceptOffsets,
});
