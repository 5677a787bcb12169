// What a protocol is to the engine: one registry entry that owns its work units, its step
// function and the roles it calls, its parameters, its metrics and its views. The runner,
// the Run and Results pages, the trajectory viewer and the CLI read only this contract. Its
// required members are what every protocol has; the rest are named capabilities a protocol
// declares or not (what its items work on is one of three typed kinds, `Work`).
// docs/architecture.md ("Adding a protocol") lists what a new one touches.
import type * as v from 'valibot';
import type { Executor } from '../exec/engine.ts';
import type { StepRun, WorkspaceFiles, WorkspaceStep } from '../exec/workspace.ts';
import type { SimulatedChoice, SimulatedConfig } from '../llm/specs.ts';
import type { ChatMessage, ChatModel } from '../llm/types.ts';
import type { PriceTable } from '../llm/pricing.ts';
import type { StyleReport } from '../style/pycodestyle.ts';
import type { SeatIo } from '../teach/seat.ts';
import type { Instance } from '../model/instance.ts';
import type { InterviewTask } from '../model/task.ts';
import type { TestOutcome } from '../model/outcome.ts';
import type { CallRecord, ItemHead, ItemRecord, Manifest, ModelSpec, ModelSummary, RunLog, Step, StopReason } from '../model/runlog.ts';
import type { ParamField, ParamPreset, ParamValues } from './params.ts';
import type { ItemScore } from './reduce.ts';
import type { TurnItem, TurnView } from './turns.ts';
import type {
  CompareViewKey,
  DatasetInstanceViewKey,
  ProfileViewKey,
  TeachViewKey,
  InstanceViewKey,
  ItemViewKey,
  LiveViewKey,
  ResultViewKey,
  RunPageKey,
  RunPageName,
  TrajectoryPanelKey,
} from './view-keys.ts';

/** A role the protocol calls a model in. */
export interface RoleSpec {
  /** As the manifest and every call record name it: candidate, feedback, judge, user, … */
  name: string;
  label: string;
  /** What the model in this role does (the Run page's tooltip). */
  help: string;
  /** The models a run compares: one unit per model. Exactly one role of a protocol is tested. */
  tested?: true;
  /** A supporting role the protocol cannot do without; `fallback` is used when a run names none. */
  required?: boolean;
  fallback?: ModelSpec;
  /** The simulated model the Run form starts an optional role with, until a person picks another or none. */
  suggested?: SimulatedChoice;
  /** The keyless models this role can be (the protocol's `simulation.model` makes them). */
  simulated?: readonly SimulatedChoice[];
}

/** A protocol's simulated models (its roles' `simulated` choices) and its zero-key demo. */
export interface Simulation {
  /** The live model of one of its roles' simulated choices (labelled "simulated"). */
  model(spec: ModelSpec, deps: SimulatedDeps): ChatModel;
  /** Its zero-key demo (`hintbench demo --protocol <id>`, and Home); none for a protocol that shares another's. */
  readonly demo?: DemoSpec;
}

/** What a simulated model may use: the sandbox, the mutator, the run's seed. */
export interface SimulatedDeps {
  executor: Executor;
  /** workers/python/mutate.py (realistic mutations of a program). */
  mutator: string;
  seed: number;
}

/** A ready-made run of a protocol with simulated models only: no key, no network. */
export interface DemoSpec {
  /** The run's name (also how Home finds earlier demos). */
  name: string;
  /** One or two sentences for Home: what the demo shows. */
  blurb: string;
  /** The models under test, and the supporting roles' models, as a run configuration names them. */
  candidates: readonly SimulatedConfig[];
  roles?: Readonly<Record<string, SimulatedConfig>>;
  params?: Readonly<Record<string, number | string>>;
  settings?: Readonly<{ concurrency?: number; repeats?: number; seed?: number }>;
  /** The built-in instances (or tasks) it runs on, by subset (e.g. "demo"); all tasks when absent. */
  subset?: string;
  /**
   * Several runs instead of one: each variant is the demo with these parameters set, run on its
   * own and named after it; the runs are reported side by side (`report.compare`, the
   * protocol's compare page).
   */
  variants?: readonly DemoVariant[];
}

export interface DemoVariant {
  name: string;
  params: Readonly<Record<string, number | string>>;
}

/** One work unit: what an item of the run is (PAIR: an instance × a model × a repeat). */
export interface Unit {
  key: string;
  modelId: string;
  instanceId?: string;
  /** The task it works on (protocols that work on tasks). */
  taskId?: string;
  repeat: number;
  /** What the protocol records about the unit when it makes it (a search: the node it evaluates); stored on the item. */
  data?: unknown;
}

/** What a step knows: the item, its instance or task, the parameters and every stored step so far. */
export interface StepContext<P extends ParamValues = ParamValues> {
  manifest: Manifest;
  item: ItemHead;
  instance: Instance | undefined;
  task: InterviewTask | undefined;
  params: P;
  /** The run's prompt templates (the protocol's defaults, or the run's edited ones). */
  templates: Record<string, string>;
  /** The item's stored steps in order, failed ones (with `error`) included. */
  steps: readonly Step[];
  /** Per-test outcomes of the latest evaluated program, when this session has them. */
  outcomes: TestOutcome[] | undefined;
}

export type LiveState = 'planning' | 'generating' | 'executing';

/** What a step may do. Every call is recorded on the step, failed ones too. */
export interface StepEnv {
  /** Ask the model bound to a role (the item's model for the tested role); resolves to the reply. */
  call(role: string, messages: ChatMessage[], options?: { context?: unknown }): Promise<string>;
  /** Whether the run has a model in this role. */
  has(role: string): boolean;
  /** Per-test outcomes of a program on the item's instance. */
  evaluate(code: string): Promise<TestOutcome[]>;
  /** Lines of the reference each test executes (cached per instance). */
  traces(): Promise<Map<string, number[]>>;
  /** Files written into a sandbox workspace, then steps run in it (docs/execution.md, "Workspaces"). */
  workspace(files: WorkspaceFiles, steps: readonly WorkspaceStep[], timeLimitMs: number): Promise<{ steps: StepRun[]; workerRestarts: number }>;
  /** Embed texts with the model bound to a role (an embeddings endpoint); recorded like a call. */
  embed(role: string, texts: string[]): Promise<number[][]>;
  /** Tell the live view what the item does now, at which of the protocol's steps (e.g. a turn). */
  report(state: LiveState, at: number): void;
  /**
   * A value the run's items share, made once under a key that names everything it depends on:
   * by the first step that asks (its calls are that step's calls; `made` is then true), or
   * found in the run (a resumed run) or in an earlier run in this browser.
   */
  shared<T>(key: string, make: () => Promise<T>): Promise<{ value: T; made: boolean }>;
  /** A program's pycodestyle violations (Ruff, reading its text on the app side); null when this runner has no style checker. */
  style(code: string): Promise<StyleReport | null>;
}

/** A step's result: the item is finished, or a step to store (with the program it evaluated, if any). */
export type StepResult = { stop: StopReason } | { evaluated?: { code: string; outcomes: TestOutcome[] }; data?: unknown };

/** A metric of a protocol's leaderboard. */
export interface MetricSpec {
  key: string;
  label: string;
  /** One sentence (tooltips); docs/metrics.md has the formula. */
  title: string;
  direction: 'up' | 'down';
  /** Percent (0–100), or a plain number. */
  format: 'pct' | 'num';
  /** Its anchor in docs/metrics.md. */
  anchor: string;
}

export interface LeaderboardPresentation {
  /** The leaderboard's heading (PAIR: "Table III · Leaderboard"), and its note under the table. */
  title: string;
  note: string;
  /** Their anchors in docs/metrics.md. */
  docs: string;
  ranksTitle: string;
  ranksDocs: string;
  /** Small numbers after some metrics' cells (PAIR: the net gain after Final Fix; Talk: TCA's standard error, the items Style covers), each also a CSV column. */
  annotations?: readonly LeaderboardAnnotation[];
}

/** A number printed after one metric's value in its cell (in brackets, or after ±), and its CSV column. */
export interface LeaderboardAnnotation {
  metric: string;
  column: string;
  title: string;
  /** How it follows the value: "93.8% ±6.2" (a margin, `text` starts with ±) or "66.7% (+33.3)". */
  form: 'margin' | 'brackets';
  value(summary: ModelSummary): number | null;
  text(value: number): string;
}

export interface EstimatedModel {
  label: string;
  /** The provider's model name (prices are looked up by it). */
  model: string;
  simulated: boolean;
}

export interface EstimateInput {
  instances: readonly Instance[];
  /** The chosen tasks, for protocols that work on tasks. */
  tasks?: readonly InterviewTask[];
  /** The models of each role: the tested role's list, and one for each supporting role the run has. */
  models: Record<string, readonly EstimatedModel[]>;
  params: ParamValues;
  repeats: number;
  templates: Record<string, string>;
  prices: PriceTable;
}

export interface RoleEstimate {
  role: string;
  label: string;
  simulated: boolean;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** 0 for simulated models; null when the model has no price. */
  costUsd: number | null;
}

export interface Estimate extends EstimateTotals {
  /** What the upper bound assumes, in words (the Run page shows it under the table). */
  note: string;
  /** Its anchor in docs/metrics.md, which explains the bound. */
  docs: string;
}

/** The rows of an estimate and their totals. */
export interface EstimateTotals {
  rows: RoleEstimate[];
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** null when some paid model has no price. */
  costUsd: number | null;
}

export interface Protocol<P extends ParamValues = ParamValues> {
  readonly id: string;
  readonly label: string;
  /** One paragraph for the Run page and the docs. */
  readonly description: string;
  /** Its page of the user docs (docs/<page>.md), shown in the app's Docs list. */
  readonly docs: { readonly page: string; readonly title: string };
  /** Version of its parameters and data blocks in run logs. */
  readonly version: number;
  readonly roles: readonly RoleSpec[];
  readonly params: readonly ParamField[];
  /** Default prompt templates; their hashes (or the edited ones') go into the manifest. */
  readonly templates: Record<string, string>;
  readonly templatesVersion: string;
  /** Its stop reasons in words (the runner adds budget, cancelled and error). */
  readonly stopReasons: Record<string, string>;

  /** What its items work on, and what that asks of the engine (work.ts reads it). */
  readonly work: Work;
  /** Keyless runs: the simulated models its roles offer, and its demo made of them. */
  readonly simulation: Simulation;

  /** The work units of a new run, in the order they are worked on (a search's first ones: `Work.growth` makes the rest). */
  units(manifest: Manifest): Unit[];
  /** One step of an item. */
  step(ctx: StepContext<P>, env: StepEnv): Promise<StepResult>;
  /** Checks a step's `data` block when a log is read (throws with the reason); published in docs/runlog.schema.json. */
  readonly stepData: v.GenericSchema;

  readonly metrics: {
    /**
     * The version of the metric code: raised whenever a change alters any number it computes, so
     * stored scores say which code made them (a test pins each protocol's numbers to it).
     */
    readonly version: number;
    /**
     * The scorer: one item's score record from its stored steps (stored with the run's scores; the
     * profile's bootstrap resamples them). It holds the counts the reducers pool, not only rates.
     */
    itemScores(manifest: Manifest, item: ItemRecord): ItemScore;
    /**
     * The reducers: one model's leaderboard numbers (all its items, or one repeat's) from its items'
     * score records and nothing else, so a row always agrees with its items (summarizeRun).
     */
    reduce(manifest: Manifest, scores: readonly ItemScore[]): Reduction;
    /** The leaderboard's columns, in order. */
    readonly columns: readonly MetricSpec[];
    /** The leaderboard's order. */
    order(summaries: readonly ModelSummary[]): ModelSummary[];
    /** How the leaderboard and the rank table present them. */
    readonly presentation: LeaderboardPresentation;
  };
  /**
   * Names of what the app draws for it (view-keys.ts; src/ui/protocols/views.ts maps each to its component): the Results
   * page's sections, the page of one instance across models,
   * the page that sets runs side by side, the live view of a running run and the page of one item.
   */
  readonly views: {
    readonly results: readonly ResultViewKey[];
    readonly instance?: InstanceViewKey;
    readonly compare: CompareViewKey;
    /** The page of one item (the trajectory viewer when absent), for protocols whose items are not turns. */
    readonly item?: ItemViewKey;
    /** More pages of a run, by the name in their address (#/results/<run>/<name>), e.g. a grading page. */
    readonly pages?: Readonly<Partial<Record<RunPageName, RunPageKey>>>;
    /** A card of the Datasets page's view of an instance (protocols sharing one show it once). */
    readonly datasetInstance?: DatasetInstanceViewKey;
  };

  // Capabilities: what some protocols have.
  /** What the Run form offers beyond the parameters: presets to fill them, runs to start beside the main one. */
  readonly runForm?: RunForm;
  /** How a running run shows, when not as the instance × model grid of pass rates. */
  readonly live?: LiveSpec;
  /** Teach mode: a person in a seat of its runs. */
  readonly teach?: TeachSpec;
  /**
   * Run logs of a format from before runs named their protocol (hintbench.runlog/1: every run was
   * one of PAIR's family), which this protocol reads as today's logs.
   */
  readonly legacyLog?: LegacyLogFormat;
  /** The run read as turns, for the trajectory viewer (protocols whose steps are turns with a program after each). */
  readonly trajectory?: Trajectory;
  /** What its runs give the model profile (src/core/profile/); a protocol without it is not profiled. */
  readonly profile?: ProfileSpec;
  /** What `hintbench report` prints for one run, and for several runs side by side. */
  readonly report: { run(log: RunLog): string; compare(logs: readonly RunLog[]): string };
  /** What sets a run apart from another of the same protocol, in a few words. */
  describeSetting(manifest: Manifest): string;
  /** An upper bound on calls, tokens and cost before a run starts. */
  estimate(input: EstimateInput): Estimate;
}

/** A model's numbers reduced from its item scores: ModelSummary's items, metrics and protocol block (figures' data). */
export interface Reduction {
  items: number;
  metrics: Record<string, number | null>;
  data?: unknown;
}

/** What a protocol's runs give the model profile (docs/metrics.md, "Model profile"). */
export interface ProfileSpec {
  /** Its short name in the profile: "PAIR", "Talk", … */
  readonly name: string;
  /** Its measures: a metric of its summaries and item scores, named in the profile, ranking the models or not. */
  readonly measures: readonly ProfileMeasureSpec[];
  /** A run's name in the profile and what tells it from another run of the protocol (Talk: "Talk static", "static"); `name` and "" when absent. */
  run?(manifest: Manifest): { label: string; key: string };
  /** What a set of its runs (at least one) lacks for a profile, in words (Talk: "a Talk static run", "a Talk run with feedback"). */
  missing?(manifests: readonly Manifest[]): string[];
  /** Its own section, from its runs and the profiled models; null when it has nothing to show (with `ranked` false: one model). */
  section?(logs: readonly RunLog[], models: readonly ProfiledModel[], ranked: boolean): ProfileSection | null;
}

export interface ProfileMeasureSpec {
  metric: string;
  name: string;
  ranked: boolean;
}

export interface ProfiledModel {
  id: string;
  label: string;
  simulated: boolean;
}

/** A protocol's own section of a model profile: drawn by its view (which also exports it), printed in the text report. */
export interface ProfileSection {
  readonly protocol: string;
  readonly view: ProfileViewKey;
  /** What its view draws (the protocol's own type). */
  readonly data: unknown;
  /** The section in the text report. */
  readonly text: string;
}

/** A run read as turns with a program after each, and how the trajectory viewer shows them. */
export interface Trajectory {
  turns(log: RunLog): { items: readonly TurnItem[] };
  views(log: RunLog, item: TurnItem): TurnView[];
  /** The viewer's panels under the turn's numbers (view-keys.ts). */
  readonly panels: readonly TrajectoryPanelKey[];
  /** Whether a call's reply quotes hidden data (shown only in the instructor view). */
  hidesReply(call: CallRecord, turn: TurnView): boolean;
  /** The timeline's legend: what its marks mean. */
  readonly legend: string;
  /** Whether turns target failure scenarios and show tests to a feedback model (the test grid marks them). */
  readonly scenarios: boolean;
  /** What the requests of the supporting roles hold, which only the instructor view shows. */
  readonly hiddenRequests: { what: string; why: string; shown: string };
}

/**
 * What a protocol's items work on: the instances of a dataset (PAIR, Talk), its
 * multi-requirement tasks (Interview), or nothing given up front (a search whose units make
 * their own problems as the run goes).
 */
export type Work = OnInstances | OnTasks | OwnProblems;

export interface OnInstances {
  readonly on: 'instances';
  /** Whether it can work on this instance (PAIR: one with a buggy program); all when absent. */
  usable?(instance: Instance): boolean;
  /** The program an item starts from, evaluated once per instance and stored on the item. */
  startProgram?(instance: Instance): string;
}

export interface OnTasks {
  readonly on: 'tasks';
  /** Units a run makes once per task besides the models' (Interview: each task's reference check), under these parameters; none when absent. */
  perTask?(params: Record<string, unknown>): { count: number; name: string } | null;
}

export interface OwnProblems {
  readonly on: 'none';
  /** Its units are made as the run goes. */
  readonly growth: Growth;
}

/** What a protocol's Run form offers beyond its parameters. */
export interface RunForm {
  /** Named sets of parameter values to fill the form with (e.g. a paper's and its code's). */
  readonly presets?: readonly ParamPreset[];
  /**
   * A choice parameter whose values are compared run by run (Talk: the setting): the form
   * offers to start a run for each other value beside the main one, to set them side by side.
   */
  readonly compareBy?: string;
}

/** How a protocol's running run shows. */
export interface LiveSpec {
  /** The Run page's view while a run goes (the instance × model grid when absent). */
  readonly view?: LiveViewKey;
  /**
   * What a stored step shows in the live grid (a pass rate), for steps without a per-test
   * evaluation; null for none. Given the run's manifest and the item's task, so that it can
   * show the number the results show.
   */
  progress?(step: Step, item: { manifest: Manifest; taskId?: string }): { passed: number; total: number } | null;
}

/** Teach mode for a protocol: the seats a person can take in its runs. */
export interface TeachSpec {
  readonly seats: readonly SeatSpec[];
}

/** A role of a protocol a person takes: what they see and submit, and how the session is scored. */
export interface SeatSpec {
  /** Unique within the protocol; in the address of its setup form (#/teach/new/<protocol>/<seat>). */
  readonly id: string;
  /** The role the person takes; the run's manifest lists them in it, as human. */
  readonly role: string;
  /** What the person does, in a few words ("Repair a program from hints"). */
  readonly label: string;
  /** What they see, what they submit, and how the session is scored. */
  readonly summary: string;
  /** Its setup form and session page (view-keys.ts). */
  readonly view: TeachViewKey;
  /** How the seat reads a request to its role (only what the role may see) and answers it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly io: SeatIo<any>;
  /** The simulated models of the person's role a session is set beside ("you beside the models"), by profile; all the role offers when absent. */
  readonly beside?: readonly string[];
  /** The class view: where a class's learners got stuck, from their sessions' logs (PAIR: the failure scenarios they did not close). */
  stuckOn?(logs: readonly RunLog[]): StuckPoint[];
  /** The class view: what the person wrote in a session and what each did (a hint writer's seat: each hint), given the session's instances where this browser has them. */
  writings?(log: RunLog, instances: ReadonlyMap<string, Instance>): Writing[];
  /** What the class view ranks the writings by, in words (PAIR's hints: the share of the targeted tests passing after it). */
  readonly rankedBy?: string;
}

/** Something a class's learners met (a failure scenario, a concept): how many met it, and how many ended stuck on it. */
export interface StuckPoint {
  key: string;
  what: string;
  learners: number;
  stuck: number;
}

/** A text a person wrote in a session (a hint), and what it did. */
export interface Writing {
  turn: number;
  text: string;
  /** What it was asked for and how it reads ("asked L2 · reads as L1"). */
  what: string;
  /** How well it did, 0–1 (a hint: the share of its targeted tests passing after it): the class view ranks by it. */
  score: number;
  /** What it did, in words. */
  outcome: string;
}

/** How a protocol makes units as the run goes (a search). */
export interface Growth {
  /** The next units: asked whenever every known unit is finished; none when the run is over. */
  units(items: readonly ItemRecord[], manifest: Manifest): Unit[];
  /**
   * How many units the run will have in all: the most it may still make (a search's budget), or
   * exactly as many as it made once it has nothing left to make. Progress counts against it.
   */
  planned(manifest: Manifest, items: readonly ItemRecord[]): number;
}

/** An older run log format a protocol reads: its manifest's schema, its shape, and how it becomes today's log. */
export interface LegacyLogFormat {
  readonly schema: string;
  /** The whole old log (manifest, items, summaries), checked before it is migrated. */
  readonly check: v.GenericSchema;
  /** Today's log of the old one (its manifest and items, as the old format stored them). */
  migrate(log: { manifest: unknown; items: readonly unknown[] }): RunLog;
}

/** Any registered protocol (their parameter types differ). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyProtocol = Protocol<any>;

/** Fill {{name}} placeholders of a prompt template. */
export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}
