// An item as the command line keeps it while it streams a log: every field but its calls' texts
// (the messages sent, the reply and its thinking), which no summary, report, comparison or
// profile reads once the item is scored. Scoring reads the whole item, so it comes first.
import type { CallRecord, ItemRecord } from '../model/runlog.ts';

/** A call without its texts: no messages, an empty reply (null stays null), empty thinking. */
function leanCall(call: CallRecord): CallRecord {
  return { ...call, messages: [], content: call.content === null ? null : '', ...(call.thinking !== undefined ? { thinking: '' } : {}) };
}

/** The item without its calls' texts (a copy; the item is left alone). */
export function leanItem(item: ItemRecord): ItemRecord {
  return { ...item, steps: item.steps.map((s) => ({ ...s, calls: s.calls.map(leanCall) })) };
}
