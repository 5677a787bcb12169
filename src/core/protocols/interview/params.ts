// The Interview protocol's parameters. The paper gives no number of iterations, no time limit
// and no chunking: the values chosen here are defaults, recorded in each run's manifest.
import type { Manifest } from '../../model/runlog.ts';
import { defaultsOf, type ParamField } from '../params.ts';

export type InterviewParams = {
  /** Revised solutions after the guided start, at most (each follows one hint). */
  iterations: number;
  /** Each run-script line's time limit, in milliseconds. */
  timeLimitMs: number;
  /** Chunks of the solution the judge sees per requirement (the paper: the single most relevant). */
  evidence: number;
  /** Which prerequisites a requirement's credit depends on: the direct ones (the paper's Eqs. 1–2) or all ancestors. */
  prerequisites: 'direct' | 'transitive';
  /** Distinct reference lines the hints of one interview may quote, together; further ones are cut before the interviewee sees them. */
  quoteLines: number;
  /** Whether each task's reference is run (and judged) once, for the reference-satisfaction figure. */
  reference: 'yes' | 'no';
};

export const INTERVIEW_FIELDS: readonly ParamField[] = [
  {
    kind: 'int',
    key: 'iterations',
    symbol: 'T',
    label: 'Iterations (T)',
    help: 'Most revised solutions after the guided start, each answering one hint (the paper gives no number)',
    min: 1,
    max: 20,
    default: 5,
  },
  {
    kind: 'int',
    key: 'timeLimitMs',
    label: 'Time limit per script line (ms)',
    help: 'Each python line of execute_workspace.sh stops after this long',
    min: 1000,
    max: 120_000,
    default: 10_000,
  },
  {
    kind: 'int',
    key: 'evidence',
    symbol: 'k',
    label: 'Evidence chunks (k)',
    help: 'Chunks of the solution retrieved for the judge per requirement (the paper: 1)',
    min: 1,
    max: 5,
    default: 1,
  },
  {
    kind: 'choice',
    key: 'prerequisites',
    label: 'Dependency rule',
    help: 'A requirement counts only when its prerequisites are met: its direct prerequisites as judged (the paper’s equations 1 and 2), or every ancestor credited in turn',
    choices: [
      { value: 'direct', label: 'direct prerequisites (Eqs. 1–2)' },
      { value: 'transitive', label: 'all ancestors' },
    ],
    default: 'direct',
  },
  {
    kind: 'int',
    key: 'quoteLines',
    label: 'Reference lines in hints (per interview)',
    help: 'Most distinct lines of the reference the hints of one interview may quote, all hints together; lines beyond are cut before the interviewee sees them',
    min: 0,
    max: 100,
    default: 12,
  },
  {
    kind: 'choice',
    key: 'reference',
    label: 'Check the references',
    help: 'Run each task’s reference once: its checks, and the judge when the run has one (the reference-satisfaction figure)',
    choices: [
      { value: 'yes', label: 'yes' },
      { value: 'no', label: 'no' },
    ],
    default: 'yes',
  },
];

export const INTERVIEW_DEFAULTS = defaultsOf(INTERVIEW_FIELDS) as InterviewParams;

export const interviewParamsOf = (manifest: Manifest): InterviewParams => ({ ...INTERVIEW_DEFAULTS, ...(manifest.params as Partial<InterviewParams>) });
