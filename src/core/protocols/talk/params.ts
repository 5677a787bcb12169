// Talk's parameters, declared once: the Run page's form, `hintbench run` and the manifest check
// read these fields. `regenerations` shares its name (and meaning, R) with PAIR's.
import type { Manifest } from '../../model/runlog.ts';
import { defaultsOf, type ParamField } from '../params.ts';
import { SETTING_IDS, SETTINGS, type SettingId } from './settings.ts';

export type TalkParams = {
  setting: SettingId;
  /** Code generations per item at most (the paper's 5 steps). */
  steps: number;
  /** Regenerations of feedback the checks reject (R). */
  regenerations: number;
  /** Reference lines a code-feedback message may give as replacements. */
  codeLines: number;
  /** Chance that the simulated user's claim goes against the evidence. */
  userErrorRate: number;
  /** Where the under-specified statement comes from. */
  underSpecified: 'summary' | 'obfuscator';
  /** The obfuscator's statement must be shorter than this fraction of the full statement. */
  obfuscatedMaxFraction: number;
};

export const SETTING: ParamField = {
  kind: 'choice',
  key: 'setting',
  label: 'Setting',
  help: 'What the code model gets: the full or the under-specified statement, and whose feedback between attempts. One run is one setting; compare runs for the rank change.',
  choices: SETTING_IDS.map((id) => ({ value: id, label: SETTINGS[id].label })),
  default: 'paragraph',
};
export const STEPS: ParamField = {
  kind: 'int',
  key: 'steps',
  label: 'Code generations per item',
  help: 'Code generations per item at most: the first from the statement, each later one after feedback on the one before (the paper: 5). Static always makes one.',
  min: 1,
  max: 20,
  default: 5,
};
export const REGENERATIONS: ParamField = {
  kind: 'int',
  symbol: 'R',
  key: 'regenerations',
  label: 'Regenerations (R)',
  help: 'Regenerations of user feedback that breaks its form or quotes hidden tests or the reference, and of an obfuscated statement its checks reject (R)',
  min: 0,
  max: 20,
  default: 3,
};
export const CODE_LINES: ParamField = {
  kind: 'int',
  key: 'codeLines',
  label: 'Reference lines in code feedback',
  help: 'Lines of the reference a code-feedback message may give as replacement lines (more is copying the solution; other types may give none)',
  min: 0,
  max: 50,
  default: 2,
};
export const USER_ERROR_RATE: ParamField = {
  kind: 'number',
  key: 'userErrorRate',
  label: 'Simulated user’s error rate',
  help: 'Simulated user only: the chance that its feedback claims a failing program is correct (directional correctness then comes out near 1 minus this)',
  min: 0,
  max: 1,
  default: 0,
};
export const UNDER_SPECIFIED: ParamField = {
  kind: 'choice',
  key: 'underSpecified',
  label: 'Under-specified statement',
  help: 'The instance’s one-sentence summary when it has one (else the obfuscator writes it), or always the obfuscator’s',
  choices: [
    { value: 'summary', label: 'the instance’s summary' },
    { value: 'obfuscator', label: 'always the obfuscator' },
  ],
  default: 'summary',
};

export const OBFUSCATED_MAX_FRACTION: ParamField = {
  kind: 'number',
  key: 'obfuscatedMaxFraction',
  label: 'Longest obfuscated statement, as a share of the full one',
  help: 'The obfuscator’s statement must be shorter than this fraction of the full statement, in characters, and hold no hidden test data; otherwise it is asked again (R times at most), then the item is refused',
  min: 0.05,
  max: 1,
  default: 0.5,
};

export const TALK_FIELDS: readonly ParamField[] = [SETTING, STEPS, REGENERATIONS, CODE_LINES, USER_ERROR_RATE, UNDER_SPECIFIED, OBFUSCATED_MAX_FRACTION];

export const TALK_DEFAULTS = defaultsOf(TALK_FIELDS) as TalkParams;

export const talkParamsOf = (manifest: Manifest): TalkParams => ({ ...TALK_DEFAULTS, ...(manifest.params as Partial<TalkParams>) });

/** The most code generations an item of this setting makes. */
export const stepsOf = (p: TalkParams) => (SETTINGS[p.setting]?.feedback === 'none' ? 1 : p.steps);
