// The zero-key demo: PAIR on the built-in demo subset with three simulated candidates of
// rising skill and the rule-based feedback model. No key, no network. The Home page's button
// and `hintbench demo` both run it.
import type { Instance } from '../model/instance.ts';
import { DEMO_PROTOCOL } from '../protocols/registry.ts';
import type { RunConfig } from './setup.ts';

export const DEMO_SUBSET = 'demo';

export const DEMO_RUN: RunConfig = {
  name: 'Demo (simulated models)',
  protocol: DEMO_PROTOCOL.id,
  candidates: [
    { kind: 'simulated', profile: 'low' },
    { kind: 'simulated', profile: 'medium' },
    { kind: 'simulated', profile: 'high' },
  ],
  roles: { feedback: { kind: 'simulated', profile: 'rule-based' } },
  params: { turns: 10 },
  settings: { concurrency: 2 },
};

export const demoInstances = (all: readonly Instance[]) => all.filter((i) => i.subsets?.includes(DEMO_SUBSET) && i.buggy.trim());
