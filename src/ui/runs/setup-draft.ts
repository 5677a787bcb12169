// The Run page's form is kept in this browser as it is filled in, so a reload loses nothing.
// Only choices are kept (never keys); a value of the wrong type is ignored.

import type { RunParams } from '../../core/model/runlog.ts';

const KEY = 'hintbench.runSetup';

/** The form's choices: the run's parameters as typed (the budget as text), and what to run on. */
export type SetupDraft = Pick<RunParams, 'turns' | 'repeats' | 'concurrency' | 'seed' | 'beta' | 'm' | 'kMax' | 'sMin' | 'regenerations' | 'onHintRejected'> & {
  datasetId: string;
  subset: string;
  protocol: string;
  chosen: string[];
  alsoRun: string[];
  budget: string;
};

const KINDS: Record<keyof SetupDraft, 'string' | 'number' | 'strings'> = {
  datasetId: 'string',
  subset: 'string',
  protocol: 'string',
  chosen: 'strings',
  alsoRun: 'strings',
  turns: 'number',
  repeats: 'number',
  concurrency: 'number',
  seed: 'number',
  beta: 'number',
  m: 'number',
  kMax: 'number',
  sMin: 'number',
  regenerations: 'number',
  onHintRejected: 'string',
  budget: 'string',
};

const fits = (value: unknown, kind: 'string' | 'number' | 'strings') =>
  kind === 'strings' ? Array.isArray(value) && value.every((x) => typeof x === 'string') : kind === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === 'string';

export function loadDraft(): Partial<SetupDraft> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (!raw || typeof raw !== 'object') return {};
    const out: Record<string, unknown> = {};
    for (const [key, kind] of Object.entries(KINDS)) {
      const value = (raw as Record<string, unknown>)[key];
      if (fits(value, kind)) out[key] = value;
    }
    if (out.onHintRejected !== 'best-effort' && out.onHintRejected !== 'skip') delete out.onHintRejected;
    return out as Partial<SetupDraft>;
  } catch {
    return {};
  }
}

export function saveDraft(draft: SetupDraft): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the form still works
  }
}
