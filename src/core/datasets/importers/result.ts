// The outcome of an import: what came in, what was rejected and why.
import { issueReason, validateInstances, type Instance } from '../../model/instance.ts';
import { RowError, type Rejection, type Row } from './files.ts';

export interface ImportResult<T = Instance> {
  items: T[];
  rejected: Rejection[];
}

export interface ImportSummary {
  imported: number;
  rejected: number;
  /** Rejections counted by reason. */
  byReason: Record<string, number>;
}

export function summarize(result: ImportResult<unknown>): ImportSummary {
  const byReason: Record<string, number> = {};
  for (const r of result.rejected) byReason[r.reason] = (byReason[r.reason] ?? 0) + 1;
  return { imported: result.items.length, rejected: result.rejected.length, byReason };
}

/** Convert each row with `convert`; a RowError (or any error) rejects that row only. */
export function convertRows<T>(rows: Row[], convert: (row: Row) => T): ImportResult<T> {
  const items: T[] = [];
  const rejected: Rejection[] = [];
  for (const row of rows) {
    try {
      items.push(convert(row));
    } catch (err) {
      if (err instanceof RowError) rejected.push({ where: row.where, reason: err.reason, detail: err.message });
      else rejected.push({ where: row.where, reason: 'unreadable row', detail: String((err as Error)?.message ?? err) });
    }
  }
  return { items, rejected };
}

/** Keep only instances that satisfy the contract; the rest become rejections. */
export function validated(result: ImportResult<{ where: string; instance: Instance }>, extra: Rejection[] = []): ImportResult {
  const { issues } = validateInstances(result.items.map((x) => x.instance));
  const bad = new Map<number, { reason: string; detail: string }[]>();
  for (const issue of issues) bad.set(issue.index, [...(bad.get(issue.index) ?? []), issueReason(issue)]);
  const items: Instance[] = [];
  const rejected = [...extra, ...result.rejected];
  result.items.forEach((x, i) => {
    const problems = bad.get(i);
    // The row's reason is its first problem's; the details list them all.
    if (problems) rejected.push({ where: x.where, reason: problems[0]!.reason, detail: problems.map((p) => p.detail).join('; ') });
    else items.push(x.instance);
  });
  return { items, rejected };
}

/** A readable, stable id from free text. */
export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'item'
  );
}
