// `hintbench report FILE [FILE …]`: each results file as its protocol reports it (PAIR: the
// leaderboard, metric-wise ranks and, with repeats, mean ± std and τ), and for several files of
// one protocol family, the settings compared.
import { parseArgs } from 'node:util';
import type { RunLog } from '../src/core/model/runlog.ts';
import { protocolById } from '../src/core/protocols/registry.ts';
import { notesText } from '../src/core/protocols/shared/summary.ts';
import { readRunLogFile } from './runlog-file.ts';

const unknownProtocol = (log: RunLog) => `${log.manifest.name}: this copy of hintbench does not know the "${log.manifest.protocol.id}" protocol, so it cannot report on it.\n`;

/** Per model, what its replies met that the metrics do not show (cut off, requests changed, reasoning tokens). */
function replyNotes(log: RunLog): string {
  const lines = log.summaries.filter((s) => s.notes).map((s) => `  ${s.label}: ${notesText(s.notes)}.`);
  return lines.length ? `\nReplies:\n${lines.join('\n')}\n` : '';
}

/** Everything `report` prints for one or more results files. */
export function fullReport(logs: RunLog[]): string {
  const parts = logs.map((l) => (protocolById(l.manifest.protocol.id)?.report.run(l) ?? unknownProtocol(l)) + replyNotes(l));
  if (logs.length > 1) {
    const compare = new Set(logs.map((l) => protocolById(l.manifest.protocol.id)?.report.compare));
    const [only] = compare;
    parts.push(compare.size === 1 && only ? only(logs) : 'These runs belong to different protocol families, whose metrics differ: they are not compared side by side.\n');
  }
  return parts.join('\n');
}

export async function reportCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
  if (positionals.length === 0) {
    process.stderr.write('usage: hintbench report FILE [FILE …]\n');
    return 2;
  }
  process.stdout.write(fullReport(positionals.map(readRunLogFile)));
  return 0;
}
