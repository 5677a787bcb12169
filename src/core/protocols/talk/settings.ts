// The settings of When Benchmarks Talk (Sec. 2.2, A.9, A.10): what statement the code model
// gets, and whose feedback, if any, comes between its attempts. One run is one setting; a
// study sets several runs side by side (the rank change against static).
import { FEEDBACK_TYPES, type FeedbackType } from './feedback-types.ts';

export const SETTING_IDS = [
  'static',
  'self-critique',
  'self-critique-full',
  'paragraph',
  'sentence',
  'code-feedback',
  'query-rephrasing',
  'random',
  'mixed',
] as const;
export type SettingId = (typeof SETTING_IDS)[number];

export interface Setting {
  id: SettingId;
  label: string;
  /** One sentence for the Run page and the docs. */
  help: string;
  /** The statement of the first attempt: the full one, or the under-specified one. */
  statement: 'full' | 'under';
  /** Who gives feedback between attempts: nobody (one attempt), the model itself, or the simulated user. */
  feedback: 'none' | 'self' | 'user';
  /** How the user's feedback type is chosen each step (user feedback only). */
  pick?: 'fixed' | 'random' | 'mixed';
  /** The fixed type (pick = fixed). */
  type?: FeedbackType;
}

const userSetting = (type: FeedbackType): Setting => ({
  id: type,
  label: FEEDBACK_TYPES[type].label,
  help: `The under-specified statement; the simulated user gives ${FEEDBACK_TYPES[type].label.toLowerCase()} feedback at every step.`,
  statement: 'under',
  feedback: 'user',
  pick: 'fixed',
  type,
});

export const SETTINGS: Readonly<Record<SettingId, Setting>> = {
  static: { id: 'static', label: 'Static', help: 'The full statement, one attempt: the static benchmark.', statement: 'full', feedback: 'none' },
  'self-critique': {
    id: 'self-critique',
    label: 'Self-critique',
    help: 'The under-specified statement; the model critiques and revises its own program at every step, with no user.',
    statement: 'under',
    feedback: 'self',
  },
  'self-critique-full': {
    id: 'self-critique-full',
    label: 'Self-critique, full statement',
    help: 'Self-critique with the full statement: the paper’s upper bound (its Table 4).',
    statement: 'full',
    feedback: 'self',
  },
  paragraph: userSetting('paragraph'),
  sentence: userSetting('sentence'),
  'code-feedback': userSetting('code-feedback'),
  'query-rephrasing': userSetting('query-rephrasing'),
  random: {
    id: 'random',
    label: 'Random feedback',
    help: 'The under-specified statement; each step the feedback type is drawn at random (seeded).',
    statement: 'under',
    feedback: 'user',
    pick: 'random',
  },
  mixed: {
    id: 'mixed',
    label: 'Mixed feedback',
    help: 'The under-specified statement; each step the user is offered every type in a shuffled order and picks one.',
    statement: 'under',
    feedback: 'user',
    pick: 'mixed',
  },
};

export const settingOf = (id: unknown): Setting => SETTINGS[id as SettingId] ?? SETTINGS.paragraph;
