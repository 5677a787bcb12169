// The PAIR family's parameters (PAIR-PROTOCOL.md): α for all three protocols, and what each one
// uses of β, m, K_max, s_min, R and the rejected-hint rule. Declared once; the Run page's form,
// `hintbench run` and the manifest check read these fields.
import type { Manifest } from '../../model/runlog.ts';
import { defaultsOf, type ParamField } from '../params.ts';

export type PairParams = {
  /** Revision turns after the initial repair (α). */
  turns: number;
  /** Turns per scenario before deferral (β). */
  beta: number;
  /** Failing tests sampled for the feedback model (m). */
  m: number;
  /** Scenario grouping backoff (K_max, s_min). */
  kMax: number;
  sMin: number;
  /** Regenerations of a rejected hint (R). */
  regenerations: number;
  /** What happens when every attempt is rejected. */
  onHintRejected: 'best-effort' | 'skip';
};

export const TURNS: ParamField = {
  kind: 'int',
  symbol: 'α',
  key: 'turns',
  label: 'Turns (α)',
  help: 'Revision turns after the initial repair (α in the PAIR paper)',
  min: 0,
  max: 100,
  default: 10,
};
export const BETA: ParamField = {
  kind: 'int',
  symbol: 'β',
  key: 'beta',
  label: 'Turns per scenario (β)',
  help: 'Turns on one failure scenario before it is deferred (β)',
  min: 1,
  max: 100,
  default: 3,
};
export const M: ParamField = {
  kind: 'int',
  symbol: 'm',
  key: 'm',
  label: 'Failing tests per hint (m)',
  help: 'Failing tests shown to the feedback model for one hint (m)',
  min: 1,
  max: 100,
  default: 3,
};
export const K_MAX: ParamField = {
  kind: 'int',
  symbol: 'K_max',
  key: 'kMax',
  label: 'Most scenario groups (K_max)',
  help: 'Scenario grouping backs off to a coarser signature when there are more groups than this (K_max)',
  min: 1,
  max: 1000,
  default: 6,
};
export const S_MIN: ParamField = {
  kind: 'int',
  symbol: 's_min',
  key: 'sMin',
  label: 'Smallest median group (s_min)',
  help: '… or when the median group is smaller than this (s_min)',
  min: 1,
  max: 1000,
  default: 3,
};
export const REGENERATIONS: ParamField = {
  kind: 'int',
  symbol: 'R',
  key: 'regenerations',
  label: 'Regenerations (R)',
  help: 'Regenerations of a rejected hint (R)',
  min: 0,
  max: 20,
  default: 3,
};
export const ON_HINT_REJECTED: ParamField = {
  kind: 'choice',
  key: 'onHintRejected',
  label: 'When every hint is rejected',
  help: 'What happens when all R + 1 attempts are rejected (the turn is flagged either way)',
  choices: [
    { value: 'best-effort', label: 'use the best-effort hint' },
    { value: 'skip', label: 'skip the hint' },
  ],
  default: 'best-effort',
};

export const PAIR_FIELDS: readonly ParamField[] = [TURNS, BETA, M, K_MAX, S_MIN, REGENERATIONS, ON_HINT_REJECTED];
export const VANILLA_FIELDS: readonly ParamField[] = [TURNS, M, REGENERATIONS];
export const NO_HINT_FIELDS: readonly ParamField[] = [TURNS];
/** Each member's parameters by its protocol id (a version-1 log names the member, not its fields). */
export const FAMILY_FIELDS: Readonly<Record<string, readonly ParamField[]>> = { pair: PAIR_FIELDS, vanilla: VANILLA_FIELDS, 'no-hint': NO_HINT_FIELDS };

/** The defaults of every field, for reading logs of any PAIR-family protocol. */
export const PAIR_DEFAULTS = defaultsOf(PAIR_FIELDS) as PairParams;

/** A run's PAIR-family parameters, a protocol's missing ones at their defaults. */
export const pairParamsOf = (manifest: Manifest): PairParams => ({ ...PAIR_DEFAULTS, ...(manifest.params as Partial<PairParams>) });
