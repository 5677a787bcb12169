// A run read as turns, for protocols whose steps are turns of a conversation with a program
// after each (PAIR and its baselines): what the trajectory viewer, the instance page and the
// live views show. A protocol provides the reading (its registry entry's `trajectory`) and
// adds its own detail to each turn for its panels.
import type { CallRecord, StopReason } from '../model/runlog.ts';
import type { CallTotals } from '../llm/totals.ts';

export interface TurnRecord {
  /** 0 is the first turn. */
  index: number;
  /** The model's message for this turn, and its reply. */
  prompt: string;
  reply: string | null;
  /** `evaluated`, or `no-code` when the reply held no program (the program stays as it was). */
  outcome: 'evaluated' | 'no-code';
  code: string;
  /** Ids of the tests the program passes after this turn. */
  passed: string[];
  total: number;
  calls: CallRecord[];
  startedAt: string;
  durationMs: number;
  /** The protocol's feedback of the turn (PAIR: the hint and its validation). */
  feedback?: unknown;
}

export interface TurnItem {
  key: string;
  instanceId: string;
  modelId: string;
  repeat: number;
  status: string;
  stopReason?: StopReason;
  error?: string;
  /** Tests the starting program passes before any turn. */
  initialPassed?: string[];
  /** The starting program (null when the log did not keep it, or there is none). */
  buggy: string | null;
  /** Set when the item starts from no program: turn 0 writes the first one (Talk). */
  fromScratch?: boolean;
  turns: TurnRecord[];
}

export interface TurnMark {
  symbol: string;
  text: string;
}

export interface TurnView {
  index: number;
  turn: TurnRecord;
  /** p_t = |P_t| / |T|. */
  passRate: number;
  /** p_t − p_{t−1}; turn 0 against the starting program. null when that is unknown. */
  change: number | null;
  /** Failing before the turn, passing after it (suite order); null when "before" is unknown. */
  fixed: string[] | null;
  /** Passing before the turn, failing after it (suite order); null when "before" is unknown. */
  broken: string[] | null;
  /** The tests the turn's feedback was about, and those shown to the feedback model (PAIR: G_t, S_t). */
  scenario: string[];
  shown: string[];
  /** A level the turn's feedback had (PAIR: L1–L6), or null. */
  level: number | null;
  /** What the timeline shows in the level's place when the protocol has no levels (Talk: the feedback type). */
  tag?: { text: string; title: string };
  /** What the timeline marks on the turn (a new scenario, a flagged hint, no code, …). */
  marks: TurnMark[];
  totals: CallTotals;
  /** The same numbers for each call, in order. */
  perCall: CallTotals[];
  /** The protocol's own detail of the turn, for its panels (PAIR: the staircase step). */
  detail: unknown;
}
