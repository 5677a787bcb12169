// `hintbench report FILE [FILE …]`: each results file as its protocol reports it (PAIR: the
// leaderboard, metric-wise ranks and, with repeats, mean ± std and τ), and for several files of
// one protocol family, the settings compared.
import { parseArgs } from 'node:util';
import type { RunLog } from '../src/core/model/runlog.ts';
import { protocolById } from '../src/core/protocols/registry.ts';
import { dataDifference, runDataOf } from '../src/core/protocols/shared/compare-data.ts';
import { notesText } from '../src/core/protocols/leaderboard.ts';
import { scoredElsewhere } from '../src/core/runner/scores.ts';
import { readLeanRunLogFile } from './runlog-file.ts';
import { modelProfile, profileGap } from '../src/core/profile/profile.ts';
import { profileReport } from '../src/core/profile/report.ts';

const unknownProtocol = (log: RunLog) =>
  `${log.manifest.name}: this copy of hintbench does not know the "${log.manifest.protocol.id}" protocol, so it cannot report on it.\n`;

/** Per model, what its replies met that the metrics do not show (cut off, requests changed, reasoning tokens). */
function replyNotes(log: RunLog): string {
  const lines = log.summaries.filter((s) => s.notes).map((s) => `  ${s.label}: ${notesText(s.notes)}.`);
  return lines.length ? `\nReplies:\n${lines.join('\n')}\n` : '';
}

/** When a log's stored scores were made by other metric code than this copy's: that, and how to recompute them. */
export function scoresNotice(log: RunLog, file = 'FILE'): string {
  const elsewhere = log.scores ? scoredElsewhere(log.scores) : null;
  return elsewhere ? `\nNote: these numbers are the stored scores, ${elsewhere}: run \`hintbench rescore ${file}\` to recompute them.\n` : '';
}

/** Everything `report` prints for one or more results files (`files`: their names, for the notices). */
export function fullReport(logs: RunLog[], files?: readonly string[]): string {
  const parts = logs.map((l, i) => (protocolById(l.manifest.protocol.id)?.report.run(l) ?? unknownProtocol(l)) + replyNotes(l) + scoresNotice(l, files?.[i]));
  if (logs.length > 1) {
    const compare = new Set(logs.map((l) => protocolById(l.manifest.protocol.id)?.report.compare));
    const [only] = compare;
    // Runs on other data are compared only under the warning the compare pages show ([1] is the first file).
    const differs = dataDifference(logs.map((l) => runDataOf(l.manifest)));
    const warning = differs ? `Not the same data ([1], [2], … are the files in the order given): ${differs.text}\n\n` : '';
    parts.push(
      compare.size === 1 && only
        ? warning + only(logs)
        : 'These runs belong to different protocol families, whose metrics differ: they are not compared side by side.\n' + profileText(logs),
    );
  }
  return parts.join('\n');
}

export async function reportCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
  if (positionals.length === 0) {
    process.stderr.write('usage: hintbench report FILE [FILE …]\n');
    return 2;
  }
  // A record at a time, each file's items kept without their calls' texts.
  const logs: RunLog[] = [];
  for (const file of positionals) logs.push(await readLeanRunLogFile(file));
  process.stdout.write(fullReport(logs, positionals));
  return 0;
}

/** The model profile of a study's runs, or '' when they are not the four protocols' runs a profile needs. */
export function profileText(logs: readonly RunLog[]): string {
  if (profileGap(logs)) return '';
  return '\n' + profileReport(modelProfile(logs));
}
