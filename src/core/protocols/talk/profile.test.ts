// What Talk gives the model profile: the rank change as a table, and what its runs lack.
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../model/runlog.ts';
import type { TalkComparison } from './compare.ts';
import { rankChangeTable, TALK_PROFILE } from './profile.ts';

const talk: TalkComparison = {
  settings: [
    { runId: 's', name: 'S', setting: 'static', label: 'Static' },
    { runId: 'f', name: 'F', setting: 'code-feedback', label: 'Code feedback' },
  ],
  models: [
    { modelId: 'a', label: 'Model a', simulated: true },
    { modelId: 'b', label: 'Model b', simulated: true },
  ],
  reference: 0,
  tca: [],
  tcaAll: [],
  byTca: [
    { ranks: [1, 2], footrule: null, normalized: null },
    { ranks: [2, 1], footrule: 2, normalized: 2 },
  ],
  dc: [],
  byStyle: [],
  baseline: 1,
};

describe('Talk in the model profile', () => {
  it('the rank change: the reference has no footrule', () => {
    expect(rankChangeTable(talk)).toEqual({
      header: ['Setting', 'Model a', 'Model b', 'Footrule'],
      rows: [
        ['Static', 1, 2, '—'],
        ['Code feedback', 2, 1, '2.00'],
      ],
    });
  });

  it('names each run by its setting, and asks for a static run and a feedback setting', () => {
    const m = (setting: string) => ({ protocol: { id: 'talk', version: 1 }, params: { setting } }) as unknown as Manifest;
    expect(TALK_PROFILE.run!(m('code-feedback'))).toEqual({ label: 'Talk code feedback', key: 'code-feedback' });
    expect(TALK_PROFILE.missing!([m('static')])).toEqual(['a Talk run with feedback']);
    expect(TALK_PROFILE.missing!([m('paragraph')])).toEqual(['a Talk static run']);
    expect(TALK_PROFILE.missing!([m('static'), m('paragraph')])).toEqual([]);
  });

  it('has no section for one model (the rank change ranks models)', () => {
    expect(TALK_PROFILE.section!([], [{ id: 'a', label: 'a', simulated: true }], false)).toBeNull();
  });
});
