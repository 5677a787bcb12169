// What every reading of a run's items starts from: an item's identity and how it ended.
import type { ItemRecord, StopReason } from '../../model/runlog.ts';

export interface ItemBasics {
  key: string;
  /** '' for a unit made without an instance. */
  instanceId: string;
  modelId: string;
  repeat: number;
  status: ItemRecord['status'];
  stopReason?: StopReason;
  error?: string;
}

export function itemBasics(item: Pick<ItemRecord, 'key' | 'instanceId' | 'modelId' | 'repeat' | 'status' | 'stopReason' | 'error'>): ItemBasics {
  return {
    key: item.key,
    instanceId: item.instanceId ?? '',
    modelId: item.modelId,
    repeat: item.repeat,
    status: item.status,
    ...(item.stopReason !== undefined ? { stopReason: item.stopReason } : {}),
    ...(item.error !== undefined ? { error: item.error } : {}),
  };
}
