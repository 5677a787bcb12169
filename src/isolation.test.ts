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

  it('says a reload into isolation is pending while the worker installs or the reload is due, and only then', () => {
    expect(decideIsolation(facts({ controlled: false, workerAddsHeaders: false })).pending).toBe(true);
    expect(decideIsolation(facts({})).pending).toBe(true);
    // No reload will come: already reloaded in this tab, no service workers, a declining server, isolated.
    expect(decideIsolation(facts({ controlled: false, workerAddsHeaders: false, mayReload: false })).pending).toBe(false);
    expect(decideIsolation(facts({ mayReload: false })).pending).toBe(false);
    expect(decideIsolation(facts({ serviceWorkers: false, controlled: false, workerAddsHeaders: false })).pending).toBe(false);
    expect(decideIsolation(facts({ workerAddsHeaders: false })).pending).toBe(false);
    expect(decideIsolation(facts({ isolated: true })).pending).toBe(false);
    expect(decideIsolation(facts({ isolated: true, workerAddsHeaders: false })).pending).toBe(false);
  });
});
