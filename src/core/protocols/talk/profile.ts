// What Talk's runs give the model profile: TCA as a measure of each setting's run (a static run
// and at least one feedback setting), and Talk's own comparison of the settings (the rank change
// against static) as its section. docs/metrics.md, "Model profile".
import type { Manifest, RunLog } from '../../model/runlog.ts';
import { formatValue } from '../../text/numbers.ts';
import { textTable } from '../../text/table.ts';
import type { ProfileSection, ProfileSpec } from '../contract.ts';
import { compareTalk, type TalkComparison } from './compare.ts';
import { talkParamsOf } from './params.ts';
import { SETTINGS } from './settings.ts';

const settingOf = (m: Manifest) => talkParamsOf(m).setting;

/** The rank change as a table: per setting, each model's rank by TCA and the footrule against the reference. */
export function rankChangeTable(t: TalkComparison): { header: string[]; rows: (string | number)[][] } {
  return {
    header: ['Setting', ...t.models.map((m) => m.label), 'Footrule'],
    rows: t.settings.map((s, i) => {
      const r = t.byTca[i];
      return [s.label, ...t.models.map((_, k) => (r ? r.ranks[k]! : '—')), r?.normalized === null || !r ? '—' : r.normalized.toFixed(2)];
    }),
  };
}

function rankChangeText(t: TalkComparison): string {
  const ref = t.settings[t.reference]!;
  const table = rankChangeTable(t);
  return [
    `Talk: rank change against ${ref.label.toLowerCase()} (Talk's own comparison; footrule over n(n − 1)/2, random baseline ${t.baseline === null ? '—' : formatValue('num', t.baseline)}):`,
    textTable(
      table.header,
      table.rows.map((r) => r.map(String)),
    ),
  ].join('\n');
}

export const TALK_PROFILE: ProfileSpec = {
  name: 'Talk',
  measures: [{ metric: 'tca', name: 'TCA', ranked: true }],
  run: (manifest) => {
    const setting = settingOf(manifest);
    return { label: `Talk ${SETTINGS[setting]?.label.toLowerCase() ?? setting}`, key: setting };
  },
  missing: (manifests) => {
    const settings = manifests.map(settingOf);
    return [...(settings.includes('static') ? [] : ['a Talk static run']), ...(settings.some((s) => s !== 'static') ? [] : ['a Talk run with feedback'])];
  },
  // The rank change ranks models: with one model it says nothing.
  section: (logs, _models, ranked): ProfileSection | null => {
    if (!ranked) return null;
    const data = compareTalk(logs);
    return { protocol: 'talk', view: 'talk-rank-change', data, text: rankChangeText(data) };
  },
};
