// When Benchmarks Talk (Pan, Shar et al.) on the engine's contract: a code model works from an
// under-specified statement and, between its attempts, gets a simulated user's feedback of one
// of four types (or its own critique, or none); the paper's measures compare models within a
// setting, and the rank change across settings against the static benchmark.
import type { Instance } from '../../model/instance.ts';
import type { Protocol } from '../contract.ts';
import { instanceUnits } from '../shared/units.ts';
import { describeTalk, talkCompareReport, talkRunReport } from './report.ts';
import { talkEstimate } from './estimate.ts';
import { JUDGE_ROLE, USER_ROLE } from './feedback.ts';
import { LEADERBOARD, leaderboardOrder, METRIC_COLUMNS } from './leaderboard.ts';
import { OBFUSCATOR_ROLE } from './obfuscation.ts';
import { TALK_FIELDS, type TalkParams } from './params.ts';
import { TALK_TEMPLATES, TALK_TEMPLATES_VERSION } from './prompts.ts';
import {
  KEYWORD_JUDGE,
  KEYWORD_JUDGE_CHOICE,
  RULE_BASED_USER,
  RULE_BASED_USER_CHOICE,
  SIMULATED_CODERS,
  SUMMARY_OBFUSCATOR,
  SUMMARY_OBFUSCATOR_CHOICE,
  talkSimulatedModel,
} from './simulated.ts';
import { TALK_STOP_REASONS, talkStep } from './step.ts';
import { TalkStepDataSchema } from './step-data.ts';
import { itemScores, reduce } from './summary.ts';
import { TALK_PROFILE } from './profile.ts';
import { TALK_TEACH } from './seat.ts';
import { TALK_LEGEND, talkTurns, talkTurnViews, userReplyQuotesHidden } from './trajectory.ts';
import { CODE_ROLE } from './view.ts';

export const TALK_DOCS = { page: 'talk', title: 'When Benchmarks Talk' };

export const talk: Protocol<TalkParams> = {
  id: 'talk',
  label: 'When Benchmarks Talk (simulated user feedback)',
  description:
    'A code model solves a problem from a one-sentence, under-specified statement; between its attempts (up to 5) a simulated user who knows the full statement and the reference gives feedback of one type — a paragraph, a sentence, code feedback or a rephrased question — or the model critiques itself. One run is one setting; runs side by side give the rank change against the static benchmark.',
  docs: TALK_DOCS,
  version: 1,
  roles: [
    { name: CODE_ROLE, label: 'Code models', help: 'The models under test: each solves every instance', tested: true, simulated: SIMULATED_CODERS },
    {
      name: USER_ROLE,
      label: 'Simulated user',
      help: 'Sees the full statement and the reference and gives the feedback. The rule-based user is simulated: offline, free, deterministic.',
      required: true,
      fallback: RULE_BASED_USER,
      simulated: [RULE_BASED_USER_CHOICE],
    },
    {
      name: JUDGE_ROLE,
      label: 'Judge',
      help: 'Reads whether each piece of feedback claims the program is correct (directional correctness). The keyword judge is simulated.',
      required: true,
      fallback: KEYWORD_JUDGE,
      simulated: [KEYWORD_JUDGE_CHOICE],
    },
    {
      name: OBFUSCATOR_ROLE,
      label: 'Obfuscator',
      help: 'Writes the one-sentence statement of an instance that has no summary (the paper’s few-shot prompt). The simulated one uses the instance’s summary.',
      required: true,
      fallback: SUMMARY_OBFUSCATOR,
      simulated: [SUMMARY_OBFUSCATOR_CHOICE],
    },
  ],
  params: TALK_FIELDS,
  templates: TALK_TEMPLATES,
  templatesVersion: TALK_TEMPLATES_VERSION,
  stopReasons: TALK_STOP_REASONS,
  work: { on: 'instances', usable: (instance: Instance) => instance.reference.trim() !== '' },
  runForm: { compareBy: 'setting' },
  teach: TALK_TEACH,
  simulation: {
    model: talkSimulatedModel,
    demo: {
      name: 'Talk demo (simulated models)',
      blurb:
        'Three simulated code models of low, medium and high skill work from the demo set’s one-sentence statements under six settings — static, self-critique and the four feedback types of the rule-based (simulated) user — and the rank change against static is shown side by side.',
      candidates: [
        { kind: 'simulated', profile: 'low' },
        { kind: 'simulated', profile: 'medium' },
        { kind: 'simulated', profile: 'high' },
      ],
      roles: {
        user: { kind: 'simulated', profile: 'rule-based' },
        judge: { kind: 'simulated', profile: 'keyword' },
        obfuscator: { kind: 'simulated', profile: 'summary' },
      },
      params: { steps: 5, userErrorRate: 0.1 },
      settings: { concurrency: 2 },
      subset: 'demo',
      variants: (['static', 'self-critique', 'paragraph', 'sentence', 'code-feedback', 'query-rephrasing'] as const).map((setting) => ({
        name: `Talk demo: ${setting}`,
        params: { setting },
      })),
    },
  },
  units: (manifest) => instanceUnits(manifest, CODE_ROLE),
  step: talkStep,
  stepData: TalkStepDataSchema,
  metrics: { version: 3, itemScores, reduce, columns: METRIC_COLUMNS, order: leaderboardOrder, presentation: LEADERBOARD },
  views: { results: ['leaderboard', 'rank-table', 'talk-figures', 'items'], compare: 'talk-compare' },
  trajectory: {
    turns: talkTurns,
    views: talkTurnViews,
    panels: ['talk-statement', 'talk-feedback'],
    hidesReply: userReplyQuotesHidden,
    legend: TALK_LEGEND,
    scenarios: false,
    hiddenRequests: {
      what: 'The requests of the user, the judge and the obfuscator (the user’s and the obfuscator’s hold the full statement, the user’s the reference too)',
      why: 'this request holds the full statement or the reference, which the code model never sees',
      shown: 'the requests of the user, the judge and the obfuscator',
    },
  },
  profile: TALK_PROFILE,
  report: { run: talkRunReport, compare: talkCompareReport },
  describeSetting: describeTalk,
  estimate: talkEstimate,
};
