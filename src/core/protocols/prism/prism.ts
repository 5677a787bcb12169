// PrismBench on the engine's contract: a capability map of a model under test, found by a
// three-phase tree search over concept combinations and difficulty levels. Its units are node
// evaluations that the search makes as it goes (`grow`); each is a few steps of Algorithm 1.
import type { Protocol } from '../contract.ts';
import { paramsLine } from '../params.ts';
import { DEFAULT_DESIGN_WHY } from './designs.ts';
import { prismEstimate } from './estimate.ts';
import { PRISM_FIELDS, PRISM_PRESETS } from './params.ts';
import { plannedEvaluations } from './progress.ts';
import { PRISM_TEMPLATES, TEMPLATES_VERSION } from './prompts.ts';
import { compareReport, runReport } from './report.ts';
import { PRISM_ROLES } from './roles.ts';
import { grow } from './search.ts';
import { prismSimulatedModel } from './simulated/index.ts';
import { PrismStepDataSchema } from './step-data.ts';
import { PRISM_STOP_REASONS, prismStep } from './step.ts';
import { itemScores, PRISM_COLUMNS, PRISM_LEADERBOARD, prismOrder, reduce } from './summary.ts';
import { PRISM_PROFILE } from './profile.ts';
import { PRACTICE_PRESET } from './practice.ts';
import { PRISM_TEACH } from './seats.ts';

export const prism: Protocol = {
  id: 'prism',
  label: 'PrismBench (capability map)',
  description: `A tree search over programming concepts and difficulty levels maps where a model fails. At each node a fixed designer writes a problem; the model under test writes tests and a solution in isolation, retries with the errors, then gets one fixer attempt. Phase 1 maps capability, Phase 2 hunts for failure, Phase 3 re-tests the weakest regions with new problems. ${DEFAULT_DESIGN_WHY}`,
  docs: { page: 'prism', title: 'PrismBench' },
  version: 1,
  roles: PRISM_ROLES,
  params: PRISM_FIELDS,
  templates: PRISM_TEMPLATES,
  templatesVersion: TEMPLATES_VERSION,
  stopReasons: PRISM_STOP_REASONS,
  work: { on: 'none', growth: { units: grow, planned: plannedEvaluations } },
  runForm: { presets: [...PRISM_PRESETS, PRACTICE_PRESET] },
  simulation: {
    model: prismSimulatedModel,
    demo: {
      name: 'PrismBench demo (simulated models)',
      blurb:
        'Two simulated models with hidden capability maps, strong and weak, are mapped by the three-phase search; the simulated bank designer writes every challenge, and the rule-based analyser reports on Phase-3 nodes.',
      candidates: [
        { kind: 'simulated', profile: 'strong' },
        { kind: 'simulated', profile: 'weak' },
      ],
      roles: { designer: { kind: 'simulated', profile: 'bank' }, analyser: { kind: 'simulated', profile: 'rules' } },
      params: { design: 'tree', maxNodes: 100, share1: 60, share2: 25, share3: 15 },
      settings: { concurrency: 4 },
    },
  },
  units: () => [],
  step: prismStep,
  stepData: PrismStepDataSchema,
  metrics: { version: 1, itemScores, reduce, columns: PRISM_COLUMNS, order: prismOrder, presentation: PRISM_LEADERBOARD },
  views: {
    results: ['leaderboard', 'prism-tree', 'prism-mastery', 'prism-structure', 'prism-combinations', 'prism-diagnostics'],
    compare: 'prism-compare',
    item: 'prism-evaluation',
  },
  live: { view: 'prism-live' },
  profile: PRISM_PROFILE,
  report: { run: runReport, compare: compareReport },
  describeSetting: (manifest) => paramsLine(PRISM_FIELDS, manifest.params),
  estimate: prismEstimate,
  teach: PRISM_TEACH,
};
