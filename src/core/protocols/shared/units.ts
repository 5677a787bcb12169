// Work units over a dataset: every instance × model under test × repeat, repeats outermost
// (the order items are worked on). PAIR's family and Talk both work this way.
import { itemKey, type Manifest } from '../../model/runlog.ts';
import type { Unit } from '../contract.ts';

export function instanceUnits(manifest: Manifest, testedRole: string): Unit[] {
  const out: Unit[] = [];
  const models = manifest.models.filter((m) => m.role === testedRole);
  for (let repeat = 0; repeat < manifest.settings.repeats; repeat++) {
    for (const inst of manifest.dataset.instances) {
      for (const m of models) out.push({ key: itemKey(inst.id, m.id, repeat), instanceId: inst.id, modelId: m.id, repeat });
    }
  }
  return out;
}
