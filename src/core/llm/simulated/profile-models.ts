// Simulated models for the model profile: the same three models, under the same ids, in every
// protocol's tested role. Each has one latent skill s (0–1) that every protocol's own simulated
// model is set from (each protocol's simulated.ts says how), plus traits of its own: "solo" codes
// well alone but acts on little feedback, "recursion" is weak at the recursion concept, "even" has
// no trait. They are the known truth the profile should recover (docs/metrics.md, "Model
// profile"). Labelled "simulated" everywhere.
import type { SimulatedChoice } from '../specs.ts';

export interface ProfileModel {
  /** Its id (and profile name) in every protocol. */
  id: string;
  /** The latent skill every protocol's model is set from. */
  skill: number;
  /** The share of feedback it acts on (1: all of it). */
  listens: number;
  /** Logits added to its skill at a PrismBench concept. */
  conceptOffsets: Readonly<Record<string, number>>;
  /** Its traits in words. */
  traits: string;
}

export const PROFILE_MODELS: readonly ProfileModel[] = [
  { id: 'profile-solo', skill: 0.85, listens: 0.15, conceptOffsets: {}, traits: 'strong alone (skill 0.85), acts on 15% of feedback' },
  { id: 'profile-recursion', skill: 0.65, listens: 1, conceptOffsets: { recursion: -3 }, traits: 'skill 0.65, weak at recursion (−3 logits in PrismBench)' },
  { id: 'profile-even', skill: 0.45, listens: 1, conceptOffsets: {}, traits: 'skill 0.45, no trait' },
];

export const profileModel = (id: string | undefined): ProfileModel | undefined => PROFILE_MODELS.find((m) => m.id === id);

/** The choice each protocol's tested role offers for a profile model (id = profile = the model's id). */
export const profileChoices = (protocol: string): SimulatedChoice[] =>
  PROFILE_MODELS.map((m) => ({
    profile: m.id,
    id: m.id,
    label: `Simulated profile model ${m.id.replace('profile-', '')}`,
    help: `The model profile's known truth (${protocol}): ${m.traits}`,
  }));
