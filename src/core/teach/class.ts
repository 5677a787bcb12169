// A teacher's class: learners' session logs grouped by the seat they took, each with the row of
// scores the seat is measured by, what it worked on and how it ended, and the seat's own reading
// of the class (where learners got stuck). Names are whatever the logs say.
import { LEARNER } from '../llm/specs.ts';
import type { ModelSummary, RunLog } from '../model/runlog.ts';
import type { AnyProtocol, SeatSpec, StuckPoint } from '../protocols/contract.ts';
import { seatOf, stopReasonsOf, testedModels } from '../protocols/registry.ts';
import { csvTable } from '../text/csv.ts';
import { formatMetric } from '../protocols/leaderboard.ts';

export interface ClassSession {
  log: RunLog;
  /** The person's name as the log gives it; null when they gave none. */
  learner: string | null;
  /** The scores the seat is measured by: the tested model's row (the learner's own, or the candidate's under their hints). */
  row: ModelSummary | undefined;
  /** What it worked on (instance or task titles). */
  subject: string;
  /** How it ended, in words ("fixed", "out of turns", "in progress"). */
  ended: string;
}

export interface SeatClass {
  protocol: AnyProtocol;
  seat: SeatSpec;
  sessions: ClassSession[];
  /** Where its learners got stuck (the seat's reading), most stuck first; empty for a seat without one. */
  stuck: StuckPoint[];
}

/** The person's name in a session's log; null for the labels a nameless session gets. */
export function learnerName(log: RunLog): string | null {
  const label = log.manifest.models.find((m) => m.human)?.label;
  return !label || label === LEARNER.label || label === 'You' ? null : label;
}

function endedOf(log: RunLog): string {
  const items = log.items;
  if (!items.length || items.some((i) => i.status !== 'done' && i.status !== 'error')) return 'in progress';
  if (items.some((i) => i.status === 'error')) return 'ended with an error';
  const reasons = stopReasonsOf(log.manifest);
  return [...new Set(items.map((i) => (i.stopReason ? (reasons[i.stopReason] ?? i.stopReason) : 'done')))].join(', ');
}

/** Learners' logs by seat, in the order the logs came; logs with no person, or of a seat this copy does not know, apart. */
export function classOf(logs: readonly RunLog[]): { seats: SeatClass[]; others: RunLog[] } {
  const seats = new Map<string, SeatClass>();
  const others: RunLog[] = [];
  for (const log of logs) {
    const found = seatOf(log.manifest);
    if (!found) {
      others.push(log);
      continue;
    }
    const key = `${found.protocol.id}/${found.seat.id}`;
    const group = seats.get(key) ?? { protocol: found.protocol, seat: found.seat, sessions: [], stuck: [] };
    const tested = testedModels(log.manifest)[0]?.id;
    const subjects = log.manifest.dataset.tasks?.length ? log.manifest.dataset.tasks : log.manifest.dataset.instances;
    group.sessions.push({
      log,
      learner: learnerName(log),
      row: (log.scores?.summaries ?? log.summaries).find((s) => s.modelId === tested),
      subject: subjects.map((s) => s.title).join(', '),
      ended: endedOf(log),
    });
    seats.set(key, group);
  }
  for (const group of seats.values()) group.stuck = group.seat.stuckOn?.(group.sessions.map((s) => s.log)) ?? [];
  return { seats: [...seats.values()], others };
}

/** A seat's learners as CSV: who, which session, what it worked on, how it ended, and the protocol's leaderboard numbers as shown. */
export function learnersCsv(group: SeatClass): string {
  const columns = group.protocol.metrics.columns;
  return csvTable(
    ['learner', 'session', 'run_id', 'works_on', 'ended', ...columns.map((c) => c.key)],
    group.sessions.map((s) => [
      s.learner ?? '',
      s.log.manifest.name,
      s.log.manifest.runId,
      s.subject,
      s.ended,
      ...columns.map((c) => (s.row ? formatMetric(c, s.row.metrics[c.key]) : '')),
    ]),
  );
}
