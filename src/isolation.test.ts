import { describe, expect, it } from 'vitest';
import { decideIsolation, type IsolationFacts } from './isolation.ts';

const facts = (over: Partial<IsolationFacts>): IsolationFacts => ({
  isolated: false,
  serviceWorkers: true,
  controlled: true,
  workerAddsHeaders: true,
  mayReload: true,
  ...over,
});

describe('decideIsolation', () => {
  it('names the source of an isolated page', () => {
    expect(decideIsolation(facts({ isolated: true })).mode).toBe('service-worker');
    expect(decideIsolation(facts({ isolated: true, workerAddsHeaders: false })).mode).toBe('server');
    expect(decideIsolation(facts({ isolated: true, controlled: false, workerAddsHeaders: false })).mode).toBe('server');
    expect(decideIsolation(facts({ isolated: true, serviceWorkers: false, controlled: false, workerAddsHeaders: false })).mode).toBe('server');
  });

  it('never reloads an isolated page', () => {
    for (const workerAddsHeaders of [true, false]) expect(decideIsolation(facts({ isolated: true, workerAddsHeaders })).reload).toBe(false);
  });

  it('reloads once when the controlling worker adds the headers', () => {
    expect(decideIsolation(facts({}))).toMatchObject({ mode: 'none', reload: true });
    // After that reload (or when the tab cannot remember it), it stays as it is: no loop.
    const after = decideIsolation(facts({ mayReload: false }));
    expect(after).toMatchObject({ mode: 'none', reload: false });
    expect(after.why).toContain('did not take effect');
  });

  it('does not reload when the server declines isolation, or before a worker controls the page', () => {
    expect(decideIsolation(facts({ workerAddsHeaders: false }))).toMatchObject({ mode: 'none', reload: false });
    expect(decideIsolation(facts({ controlled: false, workerAddsHeaders: false }))).toMatchObject({ mode: 'none', reload: false });
    expect(decideIsolation(facts({ serviceWorkers: false, controlled: false, workerAddsHeaders: false }))).toMatchObject({ mode: 'none', reload: false });
  });
});
