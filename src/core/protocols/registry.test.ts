// The Run page keeps one value per parameter name for every protocol (a value typed for PAIR
// stays for its baselines): so protocols that share a parameter's name must mean the same by
// it — the same kind, bounds and default. And every protocol names a page that compares its runs.
import { describe, expect, it } from 'vitest';
import type { Manifest, ModelSpec } from '../model/runlog.ts';
import { compareGapOf, legacyLogFormat, PROTOCOL_LIST, testedModels, testedRole } from './registry.ts';

const model = (id: string, role: string): ModelSpec => ({ id, label: id, role, simulated: true, model: id });
/** A manifest's protocol and models only (all the tested role is read from). */
const manifestOf = (protocol: string, models: ModelSpec[]) => ({ protocol: { id: protocol, version: 1 }, models }) as unknown as Manifest;

describe('the registry', () => {
  it('gives a parameter name one meaning across protocols', () => {
    const seen = new Map<string, { owner: string; field: string }>();
    for (const p of PROTOCOL_LIST) {
      for (const f of p.params) {
        const { label: _l, help: _h, group: _g, symbol: _s, ...meaning } = f;
        const field = JSON.stringify(meaning);
        const before = seen.get(f.key);
        if (before) expect(field, `"${f.key}" of ${p.id} and of ${before.owner}`).toBe(before.field);
        else seen.set(f.key, { owner: p.id, field });
      }
    }
    expect(seen.size).toBeGreaterThan(0);
  });
  it('gives every protocol a page that sets its runs side by side', () => {
    for (const p of PROTOCOL_LIST) expect(p.views.compare, p.id).toMatch(/-compare$/);
  });
  it('sets runs side by side when they share a compare page, and says why not otherwise', () => {
    const of = (...ids: string[]) => ids.map((id) => manifestOf(id, []));
    expect(compareGapOf(of('pair'))).toBe('tick two or more runs');
    expect(compareGapOf(of('pair', 'vanilla'))).toBeNull(); // a PAIR run and its baseline
    expect(compareGapOf(of('talk', 'talk'))).toBeNull();
    expect(compareGapOf(of('pair', 'talk', 'talk'))).toBe(
      'the ticked runs are of protocols with different metrics: PAIR (controlled feedback) and When Benchmarks Talk (simulated user feedback)',
    );
    expect(compareGapOf(of('pair', 'unknown'))).toBe('a ticked run’s protocol has no compare page in this copy');
  });
  it('gives every protocol exactly one tested role, which the pages read without a default', () => {
    for (const p of PROTOCOL_LIST)
      expect(
        p.roles.filter((r) => r.tested),
        p.id,
      ).toHaveLength(1);
    expect(testedRole(PROTOCOL_LIST[0]!).tested).toBe(true);
  });
  it("takes the models under test of an unknown protocol's log from the log, not from PAIR's role names", () => {
    const m = manifestOf('from-a-newer-copy', [model('a', 'coder'), model('b', 'coder'), model('r', 'reviewer'), model('c', 'candidate')]);
    expect(testedModels(m).map((x) => x.id)).toEqual(['a', 'b']);
    expect(testedModels(manifestOf('from-a-newer-copy', []))).toEqual([]);
  });
  it("takes a known protocol's models under test by its tested role, wherever they stand in the manifest", () => {
    const talk = PROTOCOL_LIST.find((p) => p.id === 'talk')!;
    const m = manifestOf('talk', [model('u', 'user'), model('x', testedRole(talk).name), model('y', 'candidate')]);
    expect(testedModels(m).map((x) => x.id)).toEqual(['x']);
  });
  it('reads version-1 logs (from before runs named their protocol) by the protocol that wrote them, and no other schema', () => {
    expect(legacyLogFormat('hintbench.runlog/1')).toBeDefined();
    for (const schema of ['hintbench.runlog/2', 'hintbench.runlog/3', undefined, 1]) expect(legacyLogFormat(schema)).toBeUndefined();
  });
});
