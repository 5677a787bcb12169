// The Run page's form is kept in this browser as it is filled in, so a reload loses nothing.
// Only choices are kept (never keys); a value of the wrong type is ignored.

const KEY = 'hintbench.runSetup';

/** The form's choices: what to run on, the run settings (the budget as typed), and each protocol's parameters by name. */
export interface SetupDraft {
  datasetId: string;
  subset: string;
  /** Instances checked by hand, by id (subset "picked"). */
  picked: string[];
  protocol: string;
  /** The models under test, chosen per protocol (each protocol keeps its own). */
  chosenBy: Record<string, string[]>;
  alsoRun: string[];
  /** Other values of the protocol's compared parameter (Talk: other settings) to start beside the run. */
  alsoValues: string[];
  repeats: number;
  concurrency: number;
  seed: number;
  budget: string;
  /** Parameter values as typed, by parameter name (shared by protocols that have the same parameter). */
  params: Record<string, number | string>;
}

const KINDS: Record<keyof SetupDraft, 'string' | 'number' | 'strings' | 'values' | 'lists'> = {
  datasetId: 'string',
  subset: 'string',
  picked: 'strings',
  protocol: 'string',
  chosenBy: 'lists',
  alsoRun: 'strings',
  alsoValues: 'strings',
  repeats: 'number',
  concurrency: 'number',
  seed: 'number',
  budget: 'string',
  params: 'values',
};

const isValue = (x: unknown) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x));

function fits(value: unknown, kind: (typeof KINDS)[keyof SetupDraft]): boolean {
  if (kind === 'strings') return Array.isArray(value) && value.every((x) => typeof x === 'string');
  if (kind === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (kind === 'lists')
    return Boolean(value) && typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every((x) => fits(x, 'strings'));
  if (kind === 'values') return Boolean(value) && typeof value === 'object' && !Array.isArray(value) && Object.values(value as object).every(isValue);
  return typeof value === 'string';
}

/** Parameters an earlier version kept beside the settings (now under `params`). */
const LEGACY_PARAMS = ['turns', 'beta', 'm', 'kMax', 'sMin', 'regenerations', 'onHintRejected'];

export function loadDraft(): Partial<SetupDraft> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (!raw || typeof raw !== 'object') return {};
    const saved = raw as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, kind] of Object.entries(KINDS)) if (fits(saved[key], kind)) out[key] = saved[key];
    const legacy = Object.fromEntries(LEGACY_PARAMS.filter((k) => isValue(saved[k])).map((k) => [k, saved[k]]));
    if (Object.keys(legacy).length) out.params = { ...legacy, ...(out.params as object | undefined) };
    // An earlier version kept one list of models for every protocol: it was the saved protocol's.
    if (!out.chosenBy && fits(saved.chosen, 'strings') && typeof out.protocol === 'string') out.chosenBy = { [out.protocol]: saved.chosen };
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
