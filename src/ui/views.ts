// The app's drawings of what protocols name in their registry entry's `views`: the Results
// page's sections, the trajectory viewer's panels, and the page that sets runs side by side.
// A protocol adds its own components here; the pages look them up by name and compare no
// protocol id.
import type { Component } from 'svelte';
import type { RunLog } from '../core/model/runlog.ts';
import type { AnyProtocol } from '../core/protocols/contract.ts';
import type { TurnItem, TurnView } from '../core/protocols/turns.ts';
import Compare from './results/Compare.svelte';
import Figures from './results/Figures.svelte';
import ItemsTable from './results/ItemsTable.svelte';
import HintPanel from './trajectory/HintPanel.svelte';
import InstancePanel from './trajectory/InstancePanel.svelte';
import ScenarioPanel from './trajectory/ScenarioPanel.svelte';
import FeedbackPanel from './protocols/talk/FeedbackPanel.svelte';
import StatementPanel from './protocols/talk/StatementPanel.svelte';
import TalkCompare from './protocols/talk/TalkCompare.svelte';
import TalkFigures from './protocols/talk/TalkFigures.svelte';
import LeaderboardView from './views/LeaderboardView.svelte';
import RankView from './views/RankView.svelte';
import RepeatsView from './views/RepeatsView.svelte';

export interface ResultView {
  component: Component<{ log: RunLog; protocol: AnyProtocol }>;
  /** Inside the run's summary card (tables), or a section of its own below it. */
  placement: 'summary' | 'section';
}

export const RESULT_VIEWS: Record<string, ResultView> = {
  leaderboard: { component: LeaderboardView, placement: 'summary' },
  'rank-table': { component: RankView, placement: 'summary' },
  'repeat-tables': { component: RepeatsView as ResultView['component'], placement: 'section' },
  'repair-figures': { component: Figures as ResultView['component'], placement: 'section' },
  items: { component: ItemsTable as ResultView['component'], placement: 'section' },
  'talk-figures': { component: TalkFigures as ResultView['component'], placement: 'section' },
};

export interface PanelProps {
  log: RunLog;
  protocol: AnyProtocol;
  item: TurnItem;
  view: TurnView;
}

type PanelComponent = Component<PanelProps>;

/** Panels of the trajectory viewer, beside each other under the turn's numbers. */
export const TRAJECTORY_PANELS: Record<string, { component: Component<PanelProps>; label: string; testid: string }> = {
  scenario: { component: ScenarioPanel, label: 'Why this turn', testid: 'scenario-panel' },
  hint: { component: HintPanel, label: 'Hint', testid: 'hint-panel' },
  'talk-statement': { component: StatementPanel, label: 'Statement', testid: 'statement-panel' },
  'talk-feedback': { component: FeedbackPanel as PanelComponent, label: 'Feedback', testid: 'feedback-panel' },
};

/** Pages of one instance across the run's models. */
export const INSTANCE_VIEWS: Record<string, Component<{ log: RunLog; instanceId: string }>> = {
  'repair-instance': InstancePanel,
};

/** Pages that set several runs of one protocol family side by side. */
export const COMPARE_VIEWS: Record<string, Component<{ runIds: string[] }>> = {
  'repair-compare': Compare,
  'talk-compare': TalkCompare,
};
