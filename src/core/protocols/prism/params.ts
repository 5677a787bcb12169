// PrismBench's parameters: every hyperparameter of the paper's Table 1 with the paper's value,
// (keys are named for what they are, not for the paper's letters, since the Run page's form
// shares a key between protocols: PAIR's β is another thing),
// the values the paper leaves out (b, w(d), λ, η, β, p_e, iteration caps) with those of its
// replication code, and the limits a user sets before starting. Where paper and code disagree,
// the default follows the paper and the "code" preset gives the code's value (docs/prism.md).
import { listItems, type ParamField, type ParamPreset, type ParamValues } from '../params.ts';
import { PAPER_CONCEPTS, PAPER_DIFFICULTIES } from './concepts.ts';
import { DEFAULT_DESIGN, DEFAULT_DESIGN_WHY } from './designs.ts';

/**
 * Which formulas the search uses (docs/prism.md, "Values on a bounded scale", "Paper and code"):
 * bounded (the default) keeps every value on the 0–1 scale of the thresholds; paper is the
 * paper's additive backup as written; code is its replication code's.
 */
export type Formulas = 'bounded' | 'paper' | 'code';

/** How the evaluations are chosen: the tree search, a baseline over cells, or an adaptive design (docs/prism.md, "Designs"). */
export type Design = 'tree' | 'uniform' | 'stratified' | 'calibrated' | 'thompson';
export const DESIGNS: readonly Design[] = ['tree', 'uniform', 'stratified', 'calibrated', 'thompson'];

export interface PrismParams {
  maxNodes: number;
  design: Design;
  /** The cells a design other than the tree draws from: single concepts, or pairs too. */
  space: 'singles' | 'pairs';
  /** The tree when Phase 3 runs out of variations: stop there (paper), or make more until the budget is spent. */
  treeStop: 'paper' | 'spend';
  /** Node values on entering Phase 2: R₂ of the latest result (paper), or R₂ averaged over all its results. */
  phase2Values: 'latest' | 'all';
  /** Each phase's share of maxNodes (index 1, 2, 3; normalised to their sum; unused budget passes on). */
  shares: [null, number, number, number];
  concepts: string[];
  difficulties: string[];
  initialNodes: 'singles-pairs' | 'singles';
  maxConcepts: number;
  formulas: Formulas;
  gamma: number;
  c: number;
  retries: number;
  timeLimitMs: number;
  b: number;
  wStep: number;
  pFailure: number;
  pError: number;
  pAttempt: number;
  pFixer: number;
  lambda: number;
  eta: number;
  beta: number;
  /** Per phase (index 1, 2, 3; index 0 unused). */
  phase: [null, PhaseParams, PhaseParams, Phase3Params];
}

export interface PhaseParams {
  alpha: number;
  theta: number;
  delta: number;
  checks: number;
  epsilon: number;
  dMax: number;
  pe: number;
  iterations: number;
}

export interface Phase3Params {
  alpha: number;
  theta: number;
  variations: number;
  iterations: number;
}

const SEARCH = 'Search';
const REWARD = 'Rewards';
const P1 = 'Phase 1 · capability mapping';
const P2 = 'Phase 2 · challenge discovery';
const P3 = 'Phase 3 · comprehensive evaluation';

const num = (key: string, label: string, symbol: string, group: string, def: number, help: string, min = 0, max?: number): ParamField => ({
  kind: 'number',
  key,
  label,
  symbol,
  group,
  default: def,
  help,
  min,
  ...(max !== undefined ? { max } : {}),
});
const int = (key: string, label: string, symbol: string, group: string, def: number, help: string, min: number, max?: number): ParamField => ({
  kind: 'int',
  key,
  label,
  symbol,
  group,
  default: def,
  help,
  min,
  ...(max !== undefined ? { max } : {}),
});

export const PRISM_FIELDS: readonly ParamField[] = [
  int(
    'maxNodes',
    'Node evaluations (budget)',
    'N_max',
    SEARCH,
    200,
    'The search stops after this many node evaluations per model (and repeat), whatever the phase: the main limit on time and cost',
    1,
    5000,
  ),
  {
    kind: 'choice',
    key: 'design',
    label: 'Design',
    group: SEARCH,
    default: DEFAULT_DESIGN,
    help: `How the evaluations are chosen: the tree search (PrismBench), a baseline over concept × level cells — uniform draws, or every cell in turn (stratified) — or an adaptive design that chooses from the map fitted so far. ${DEFAULT_DESIGN_WHY}`,
    choices: [
      { value: 'tree', label: 'Tree search (PrismBench)' },
      { value: 'uniform', label: 'Uniform over cells (baseline)' },
      { value: 'stratified', label: 'Stratified over cells (baseline)' },
      { value: 'calibrated', label: 'Calibrated: every concept in turn, at the level near 50 % success' },
      { value: 'thompson', label: 'Top-two Thompson sampling for the weakest concepts' },
    ],
  },
  {
    kind: 'choice',
    key: 'space',
    label: 'Cells (designs other than the tree)',
    group: SEARCH,
    default: 'singles',
    help: 'What the baselines and the calibrated design draw from: single concepts at each level, or every pair of concepts too (the states the tree can reach with two concepts)',
    choices: [
      { value: 'singles', label: 'Single concepts' },
      { value: 'pairs', label: 'Single concepts and pairs' },
    ],
  },
  {
    kind: 'choice',
    key: 'treeStop',
    label: 'Tree: when Phase 3 runs out',
    group: SEARCH,
    default: 'paper',
    help: 'The paper stops the search when every Phase-3 variation is evaluated, often well before the budget; "spend" makes further rounds of variations until the budget is spent',
    choices: [
      { value: 'paper', label: 'Stop (paper)' },
      { value: 'spend', label: 'More variations until the budget is spent' },
    ],
  },
  {
    kind: 'choice',
    key: 'phase2Values',
    label: 'Tree: values entering Phase 2',
    group: SEARCH,
    default: 'latest',
    help: 'The paper re-scores each node with R₂ of its latest result, dropping its history; "all" averages R₂ over all its results',
    choices: [
      { value: 'latest', label: 'Latest result (paper)' },
      { value: 'all', label: 'All its results' },
    ],
  },
  int(
    'share1',
    'Budget share, Phase 1 (%)',
    's₁',
    SEARCH,
    50,
    'Phase 1 ends, at the latest, when this share of the node evaluations is spent; what a phase leaves unused passes to the next (shares are taken relative to their sum)',
    0,
    100,
  ),
  int('share2', 'Budget share, Phase 2 (%)', 's₂', SEARCH, 30, 'Phase 2’s share of the node evaluations (with what Phase 1 left)', 0, 100),
  int('share3', 'Budget share, Phase 3 (%)', 's₃', SEARCH, 20, 'Phase 3’s share: the rest of the budget', 0, 100),
  {
    kind: 'list',
    key: 'concepts',
    label: 'Concepts',
    group: SEARCH,
    min: 2,
    max: 20,
    default: PAPER_CONCEPTS.join(', '),
    help: 'The programming concepts the search combines (comma-separated); the paper’s ten by default',
  },
  {
    kind: 'list',
    key: 'difficulties',
    label: 'Difficulty levels',
    group: SEARCH,
    min: 2,
    max: 10,
    default: PAPER_DIFFICULTIES.join(', '),
    help: 'The difficulty levels, easiest first (comma-separated); the paper’s five by default',
  },
  {
    kind: 'choice',
    key: 'initialNodes',
    label: 'Initial nodes',
    group: SEARCH,
    default: 'singles-pairs',
    help: 'The nodes every tree starts from: each concept alone at the lowest level, then every pair one level up (the replication code), or the single concepts only',
    choices: [
      { value: 'singles-pairs', label: 'Single concepts, then pairs (code)' },
      { value: 'singles', label: 'Single concepts only' },
    ],
  },
  int(
    'maxConcepts',
    'Concepts per node (cap)',
    '|c|max',
    SEARCH,
    4,
    'combine_concepts never makes a node of more concepts than this (the paper’s trees hold up to four)',
    1,
    20,
  ),
  {
    kind: 'choice',
    key: 'formulas',
    label: 'Formulas',
    group: SEARCH,
    default: 'bounded',
    help: 'Bounded: every value stays on the 0–1 scale of the thresholds (R₁ over the level’s own clean pass, one TD step per ancestor). Paper: the additive backup as written (values grow past 1). Code: the replication code. docs/prism.md, "Paper and code"',
    choices: [
      { value: 'bounded', label: 'Bounded values (0–1)' },
      { value: 'paper', label: 'As the paper states them (additive)' },
      { value: 'code', label: 'As the replication code computes them' },
    ],
  },
  num('discount', 'Discount γ', 'γ', SEARCH, 0.9, 'Discount factor of backpropagation to ancestors (Eq. 5)', 0, 1),
  num('exploration', 'Exploration C', 'C', SEARCH, 1.414, 'Exploration constant of the multi-parent UCB1 (Eq. 9)', 0),
  int(
    'feedbackRetries',
    'Feedback retries',
    'retries',
    SEARCH,
    3,
    'Solver attempts with the execution errors after a failed first one, before the Problem Fixer (the paper: up to three)',
    0,
    10,
  ),
  int(
    'suiteTimeLimitMs',
    'Test-suite time limit (ms)',
    'T',
    SEARCH,
    10000,
    'Time limit of one run of the generated tests against a solution in the sandbox',
    100,
    120000,
  ),
  num('baseReward', 'Base reward b', 'b', REWARD, 10, 'R₁’s reward for passing the challenge, before the difficulty weight (Eq. 10; the code’s value)', 0),
  num(
    'weightStep',
    'Difficulty weight step',
    'Δw',
    REWARD,
    0.5,
    'w(d) = 1 + Δw × (level index): 1, 1.5, 2, 2.5, 3 for the paper’s five levels (the code’s weights)',
    0,
  ),
  num('pFailure', 'Penalty per failure', 'P_failure', REWARD, 2, 'R₁’s penalty weight on the ratio of failed tests (Eq. 16, Table 1)', 0),
  num('pError', 'Penalty per error', 'P_error', REWARD, 3, 'R₁’s penalty weight on the ratio of errored tests (Eq. 16, Table 1)', 0),
  num('pAttempt', 'Penalty per attempt', 'P_attempt', REWARD, 1, 'R₁’s penalty per attempt after the first (Eq. 16, Table 1)', 0),
  num('pFixer', 'Penalty for the fixer', 'P_fixer', REWARD, 5, 'R₁’s penalty when the Problem Fixer was needed (Eq. 16, Table 1)', 0),
  num('failureWeight', 'Failure weight λ', 'λ', REWARD, 0.5, 'R₂’s weight on 1 − success ratio (Eq. 11; the code’s value)', 0),
  num(
    'attemptsWeight',
    'Attempts weight η',
    'η',
    REWARD,
    0.3,
    'R₂’s weight on the attempts, normalised by the most a node allows (Eq. 11; the code’s value)',
    0,
  ),
  num('fixerWeight', 'Fixer weight β', 'β', REWARD, 0.2, 'R₂’s weight on the Problem Fixer’s use (Eq. 11; the code’s value)', 0),
  num('alpha1', 'Learning rate α₁', 'α₁', P1, 0.9, 'TD(0) learning rate of a node’s value in Phase 1 (Eq. 4)', 0, 1),
  num('theta1', 'Value threshold θ₁', 'θ₁', P1, 0.4, 'A Phase-1 node expands when its value is at least this (Eq. 7)', 0),
  num('delta1', 'Value delta Δ₁', 'Δ₁', P1, 0.3, 'A convergence check passes when the evaluated node’s value moved by at most this', 0),
  int('checks1', 'Convergence checks K₁', 'K₁', P1, 5, 'Phase 1 ends after this many consecutive passed checks', 1, 1000),
  num('eps1', 'Exploration ε₁', 'ε₁', P1, 0.2, 'Probability of a uniformly random child during Phase-1 selection (Eq. 13)', 0, 1),
  int('dmax1', 'Max depth d₁', 'd₁', P1, 5, 'Phase-1 nodes deeper than this do not expand (Eq. 7)', 1, 100),
  num(
    'pe1',
    'Combine probability p_e₁',
    'p_e₁',
    P1,
    0.2,
    'Probability that a Phase-1 expansion combines concepts rather than raising the difficulty (Eq. 8; the code uses ε)',
    0,
    1,
  ),
  int(
    'iterations1',
    'Max evaluations, Phase 1',
    'I₁',
    P1,
    5000,
    'Phase 1 ends after this many evaluations at most, whatever its share of the budget (the code’s max_iterations is 100: the code preset sets it)',
    0,
    5000,
  ),
  num('alpha2', 'Learning rate α₂ (Phases 2–3)', 'α₂', P2, 0.9, 'TD(0) learning rate in Phases 2 and 3 (Table 1: 0.9; the code: 1)', 0, 1),
  num('theta2', 'Value threshold θ₂', 'θ₂', P2, 0.6, 'A Phase-2 node expands when its value is at least this (Eq. 7)', 0),
  num('delta2', 'Value delta Δ₂', 'Δ₂', P2, 0.1, 'A Phase-2 convergence check passes when the evaluated node’s value moved by at most this', 0),
  int('checks2', 'Convergence checks K₂', 'K₂', P2, 5, 'Phase 2 ends after this many consecutive passed checks', 1, 1000),
  num('eps2', 'Exploration ε₂', 'ε₂', P2, 0.1, 'Probability of a uniformly random child during Phase-2 selection (Eq. 14)', 0, 1),
  int('dmax2', 'Max depth d₂', 'd₂', P2, 10, 'Phase-2 nodes deeper than this do not expand (Eq. 7)', 1, 100),
  num('pe2', 'Combine probability p_e₂', 'p_e₂', P2, 0.1, 'Probability that a Phase-2 expansion combines concepts (Eq. 8; the code uses ε)', 0, 1),
  int(
    'iterations2',
    'Max evaluations, Phase 2',
    'I₂',
    P2,
    5000,
    'Phase 2 ends after this many evaluations at most, whatever its share (the code: 100)',
    0,
    5000,
  ),
  int('variations', 'Variations per node', 'V', P3, 5, 'Phase 3 evaluates this many new challenges for each selected Phase-2 node', 0, 50),
  num('theta3', 'Selection threshold θ₃', 'θ₃', P3, 0.5, 'Phase 3 takes the nodes of Phase 2 whose value is above this (Eq. 15)', 0),
  int(
    'iterations3',
    'Max evaluations, Phase 3',
    'I₃',
    P3,
    5000,
    'Phase 3 ends after this many evaluations at most, whatever its share (the code: 100)',
    0,
    5000,
  ),
];

/** The defaults (the paper's Table 1 on bounded values), the paper taken literally, and the replication code's (docs/prism.md, "Paper and code"). */
const DEFAULTS: ParamValues = Object.fromEntries(PRISM_FIELDS.map((f) => [f.key, f.default]));

export const PRISM_PRESETS: readonly ParamPreset[] = [
  {
    id: 'bounded',
    label: 'Paper (Table 1), bounded values',
    help: 'The paper’s tree search with its Table 1 and the code’s values where the paper gives none, every value on the thresholds’ 0–1 scale (the default values)',
    values: { ...DEFAULTS, design: 'tree' },
  },
  {
    id: 'paper',
    label: 'Paper, literal (additive backup)',
    help: 'As above, with the paper’s additive backpropagation as written: values grow past 1, so the thresholds lose their meaning (docs/prism.md, "Values on a bounded scale")',
    values: { ...DEFAULTS, design: 'tree', formulas: 'paper' },
  },
  {
    id: 'code',
    label: 'Replication code',
    help: 'The values and formulas of the paper’s replication code (commit b9774d2) where they differ from the paper',
    values: {
      ...DEFAULTS,
      design: 'tree',
      formulas: 'code',
      iterations1: 100,
      iterations2: 100,
      iterations3: 100,
      eps1: 0.25,
      pe1: 0.25,
      checks1: 10,
      theta2: 0.4,
      delta2: 0.2,
      eps2: 0.2,
      pe2: 0.2,
      alpha2: 1,
      feedbackRetries: 2,
    },
  },
];

/** The typed parameters of a run (its manifest's values, checked by the fields). */
export function prismParams(values: ParamValues | Readonly<Record<string, unknown>>): PrismParams {
  const n = (k: string) => Number(values[k]);
  const field = (k: string) => PRISM_FIELDS.find((f) => f.key === k)!.default;
  const get = (k: string) => (values[k] === undefined ? Number(field(k)) : n(k));
  const text = (k: string) => String(values[k] ?? field(k));
  return {
    maxNodes: get('maxNodes'),
    design: DESIGNS.find((d) => d === text('design')) ?? 'tree',
    space: text('space') === 'pairs' ? 'pairs' : 'singles',
    treeStop: text('treeStop') === 'spend' ? 'spend' : 'paper',
    phase2Values: text('phase2Values') === 'all' ? 'all' : 'latest',
    shares: [null, get('share1'), get('share2'), get('share3')],
    concepts: listItems(text('concepts')),
    difficulties: listItems(text('difficulties')),
    initialNodes: text('initialNodes') === 'singles' ? 'singles' : 'singles-pairs',
    maxConcepts: get('maxConcepts'),
    formulas: text('formulas') === 'code' ? 'code' : text('formulas') === 'paper' ? 'paper' : 'bounded',
    gamma: get('discount'),
    c: get('exploration'),
    retries: get('feedbackRetries'),
    timeLimitMs: get('suiteTimeLimitMs'),
    b: get('baseReward'),
    wStep: get('weightStep'),
    pFailure: get('pFailure'),
    pError: get('pError'),
    pAttempt: get('pAttempt'),
    pFixer: get('pFixer'),
    lambda: get('failureWeight'),
    eta: get('attemptsWeight'),
    beta: get('fixerWeight'),
    phase: [
      null,
      {
        alpha: get('alpha1'),
        theta: get('theta1'),
        delta: get('delta1'),
        checks: get('checks1'),
        epsilon: get('eps1'),
        dMax: get('dmax1'),
        pe: get('pe1'),
        iterations: get('iterations1'),
      },
      {
        alpha: get('alpha2'),
        theta: get('theta2'),
        delta: get('delta2'),
        checks: get('checks2'),
        epsilon: get('eps2'),
        dMax: get('dmax2'),
        pe: get('pe2'),
        iterations: get('iterations2'),
      },
      { alpha: get('alpha2'), theta: get('theta3'), variations: get('variations'), iterations: get('iterations3') },
    ],
  };
}

/** The defaults as typed parameters (tests, the study). */
export const defaultPrismParams = (overrides: ParamValues = {}) =>
  prismParams({ ...Object.fromEntries(PRISM_FIELDS.map((f) => [f.key, f.default])), ...overrides });
