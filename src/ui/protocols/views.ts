// The app's drawings of what protocols name in their registry entry's `views`: the Results
// page's sections, the trajectory viewer's panels (or a protocol's own page of one item), the
// Run page's live view, the pages a protocol adds to a run, and the page that sets runs side by side.
// A protocol adds its own components here; the pages look them up by name and compare no
// protocol id.
import type { Component } from 'svelte';
import type { RunLog } from '../../core/model/runlog.ts';
import type { AnyProtocol, ProfileSection } from '../../core/protocols/contract.ts';
import {
  isRunPageName,
  type CompareViewKey,
  type DatasetInstanceViewKey,
  type ProfileViewKey,
  type InstanceViewKey,
  type ItemViewKey,
  type LiveViewKey,
  type ResultViewKey,
  type RunPageKey,
  type TrajectoryPanelKey,
} from '../../core/protocols/view-keys.ts';
import type { TurnItem, TurnView } from '../../core/protocols/turns.ts';
import type { RunRecord } from '../../core/store/runs.ts';
import PrismCombinations from './prism/CombinationsSection.svelte';
import PrismCompare from './prism/CompareView.svelte';
import PrismDiagnostics from './prism/DiagnosticsSection.svelte';
import PrismEvaluation from './prism/EvaluationPage.svelte';
import PrismLive from './prism/PrismLive.svelte';
import PrismMastery from './prism/MasterySection.svelte';
import PrismStructure from './prism/StructureSection.svelte';
import PrismTree from './prism/TreeSection.svelte';
import type { LiveRun } from '../live-run.ts';
import Compare from './pair/Compare.svelte';
import Figures from './pair/Figures.svelte';
import ItemsTable from '../results/ItemsTable.svelte';
import AgreementTable from './interview/AgreementTable.svelte';
import GradesSummary from './interview/GradesSummary.svelte';
import HintGrading from './interview/HintGrading.svelte';
import InterviewFigures from './interview/InterviewFigures.svelte';
import InterviewItem from './interview/InterviewItem.svelte';
import InterviewCompare from './interview/InterviewCompare.svelte';
import InterviewItems from './interview/InterviewItems.svelte';
import HintPanel from './pair/HintPanel.svelte';
import InstancePanel from './pair/InstancePanel.svelte';
import ScenarioPanel from './pair/ScenarioPanel.svelte';
import FeedbackPanel from './talk/FeedbackPanel.svelte';
import StatementPanel from './talk/StatementPanel.svelte';
import TalkCompare from './talk/TalkCompare.svelte';
import TalkFigures from './talk/TalkFigures.svelte';
import LeaderboardView from '../views/LeaderboardView.svelte';
import RankView from '../views/RankView.svelte';
import RepeatsView from './pair/RepeatsView.svelte';
import ScenariosCard from './pair/ScenariosCard.svelte';
import ProfileRankChange from './talk/ProfileRankChange.svelte';
import ProfileConcepts from './prism/ProfileConcepts.svelte';
import type { Analysis } from '../datasets.svelte.ts';
import type { Instance } from '../../core/model/instance.ts';
import { PROTOCOL_LIST } from '../../core/protocols/registry.ts';

export interface ResultView {
  component: Component<{ log: RunLog; protocol: AnyProtocol }>;
  /** Inside the run's summary card (tables), or a section of its own below it. */
  placement: 'summary' | 'section';
}

export const RESULT_VIEWS: Readonly<Record<ResultViewKey, ResultView>> = {
  leaderboard: { component: LeaderboardView, placement: 'summary' },
  'rank-table': { component: RankView, placement: 'summary' },
  'repeat-tables': { component: RepeatsView, placement: 'section' },
  'repair-figures': { component: Figures, placement: 'section' },
  items: { component: ItemsTable, placement: 'section' },
  'prism-tree': { component: PrismTree, placement: 'section' },
  'prism-mastery': { component: PrismMastery, placement: 'section' },
  'prism-structure': { component: PrismStructure, placement: 'section' },
  'prism-combinations': { component: PrismCombinations, placement: 'section' },
  'prism-diagnostics': { component: PrismDiagnostics, placement: 'section' },
  'interview-figures': { component: InterviewFigures, placement: 'section' },
  'interview-agreement': { component: AgreementTable, placement: 'section' },
  'interview-grades': { component: GradesSummary, placement: 'section' },
  'interview-items': { component: InterviewItems, placement: 'section' },
  'talk-figures': { component: TalkFigures, placement: 'section' },
};

export interface PanelProps {
  log: RunLog;
  protocol: AnyProtocol;
  item: TurnItem;
  view: TurnView;
}

type PanelComponent = Component<PanelProps>;

/** Panels of the trajectory viewer, beside each other under the turn's numbers. */
export const TRAJECTORY_PANELS: Readonly<Record<TrajectoryPanelKey, { component: PanelComponent; label: string; testid: string }>> = {
  scenario: { component: ScenarioPanel, label: 'Why this turn', testid: 'scenario-panel' },
  hint: { component: HintPanel, label: 'Hint', testid: 'hint-panel' },
  'talk-statement': { component: StatementPanel, label: 'Statement', testid: 'statement-panel' },
  'talk-feedback': { component: FeedbackPanel, label: 'Feedback', testid: 'feedback-panel' },
};

/** Pages of one item (#/results/<run>/<item>[/<n>]) for protocols whose steps are not turns of a program. */
export const ITEM_VIEWS = {
  'interview-item': InterviewItem,
  'prism-evaluation': PrismEvaluation,
} satisfies Record<ItemViewKey, Component<{ log: RunLog; protocol: AnyProtocol; itemKey: string; turn: number | null }>>;

/** Pages a protocol adds to a run (#/results/<run>/<name>), e.g. grading its hints. */
export const RUN_PAGES = {
  'interview-grading': HintGrading,
} satisfies Record<RunPageKey, Component<{ log: RunLog; protocol: AnyProtocol }>>;

/** The page a protocol adds to a run under this name in the address, if any. */
export function runPageOf(protocol: AnyProtocol | undefined, name: string | undefined) {
  const key = name && isRunPageName(name) ? protocol?.views.pages?.[name] : undefined;
  return key ? RUN_PAGES[key] : undefined;
}

/** Pages of one instance across the run's models. */
export const INSTANCE_VIEWS = {
  'repair-instance': InstancePanel,
} satisfies Record<InstanceViewKey, Component<{ log: RunLog; instanceId: string }>>;

/** Pages that set several runs of one protocol family side by side. */
export const COMPARE_VIEWS = {
  'repair-compare': Compare,
  'prism-compare': PrismCompare,
  'talk-compare': TalkCompare,
  'interview-compare': InterviewCompare,
} satisfies Record<CompareViewKey, Component<{ runIds: string[] }>>;

/** The Run page's live views of a running run (in place of the instance × model grid). */
export const LIVE_VIEWS = {
  'prism-live': PrismLive,
} satisfies Record<LiveViewKey, Component<{ record: RunRecord; live: LiveRun | undefined; active: boolean }>>;

/** Cards protocols add to the Datasets page's view of an instance. */
export const DATASET_INSTANCE_VIEWS = {
  'repair-scenarios': ScenariosCard,
} satisfies Record<DatasetInstanceViewKey, Component<{ instance: Instance; analysis: Analysis | null; failed: string | null }>>;

/** The cards of the Datasets page's view of an instance, each once, in the protocols' order. */
export const datasetInstanceCards = () =>
  [...new Set(PROTOCOL_LIST.flatMap((p) => (p.views.datasetInstance ? [p.views.datasetInstance] : [])))].map((k) => DATASET_INSTANCE_VIEWS[k]);

/** The protocols' own sections of the model profile. */
export const PROFILE_VIEWS = {
  'talk-rank-change': ProfileRankChange,
  'prism-concepts': ProfileConcepts,
} satisfies Record<ProfileViewKey, Component<{ section: ProfileSection }>>;
