// The names of what the app draws for protocols (a registry entry's `views`), one union per
// kind of view. src/ui/protocols/views.ts maps every name to its component (`satisfies
// Record<…>`), so a name a protocol uses but the app cannot draw, or a component for no name,
// fails to compile. The core names views only; it never imports Svelte.

/** Sections of the Results page of a run. */
export type ResultViewKey =
  | 'leaderboard'
  | 'rank-table'
  | 'items'
  | 'repeat-tables'
  | 'repair-figures'
  | 'talk-figures'
  | 'prism-tree'
  | 'prism-mastery'
  | 'prism-structure'
  | 'prism-combinations'
  | 'prism-diagnostics'
  | 'interview-figures'
  | 'interview-agreement'
  | 'interview-grades'
  | 'interview-items';

/** Panels of the trajectory viewer, under the turn's numbers. */
export type TrajectoryPanelKey = 'scenario' | 'hint' | 'talk-statement' | 'talk-feedback';

/** Pages of one instance across the run's models. */
export type InstanceViewKey = 'repair-instance';

/** Cards a protocol adds to the Datasets page's view of an instance (PAIR: the buggy program's failure scenarios). */
export type DatasetInstanceViewKey = 'repair-scenarios';

/** Teach mode's pages of a seat (its setup form and its session), for a protocol whose runs can seat a person. */
export type TeachViewKey = 'repair-candidate' | 'repair-feedback' | 'talk-coder' | 'interview-interviewee' | 'interview-interviewer' | 'prism-solver';

/** A protocol's own section of the model profile (Talk: the rank change; PrismBench: the weakest concepts). */
export type ProfileViewKey = 'talk-rank-change' | 'prism-concepts';

/** Pages that set several runs of one protocol family side by side. */
export type CompareViewKey = 'repair-compare' | 'talk-compare' | 'prism-compare' | 'interview-compare';

/** Live views of a running run, in place of the instance × model grid. */
export type LiveViewKey = 'prism-live';

/** Pages of one item, for protocols whose items are not turns of a program. */
export type ItemViewKey = 'interview-item' | 'prism-evaluation';

/** More pages of a run. */
export type RunPageKey = 'interview-grading';

/** The names of those pages in their address (#/results/<run>/<name>). */
export const RUN_PAGE_NAMES = ['grade'] as const;
export type RunPageName = (typeof RUN_PAGE_NAMES)[number];

export const isRunPageName = (name: string): name is RunPageName => (RUN_PAGE_NAMES as readonly string[]).includes(name);
