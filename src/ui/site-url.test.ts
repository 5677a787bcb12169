import { describe, expect, it } from 'vitest';
import { urlUnderSite } from './site-url.ts';

describe('urlUnderSite', () => {
  const page = 'https://someone.github.io/hintbench/index.html?results=x';

  it('accepts addresses under the site, relative or absolute', () => {
    expect(urlUnderSite('published/run.json', page).href).toBe('https://someone.github.io/hintbench/published/run.json');
    expect(urlUnderSite('/hintbench/run.json', page).pathname).toBe('/hintbench/run.json');
    expect(urlUnderSite('https://someone.github.io/hintbench/a/b.json', page).pathname).toBe('/hintbench/a/b.json');
  });

  it('refuses other origins and other sites of the same origin', () => {
    for (const raw of [
      'https://elsewhere.test/run.json',
      '/other/run.json',
      '../other/run.json',
      '/hintbench-evil/run.json',
      '%2e%2e/other/run.json',
      '//elsewhere.test/x.json',
    ]) {
      expect(() => urlUnderSite(raw, page), raw).toThrow(/same origin, under \/hintbench\//);
    }
  });

  it('at the root of a host, the whole origin is the site', () => {
    expect(urlUnderSite('/shared/run.json', 'http://127.0.0.1:4173/').pathname).toBe('/shared/run.json');
    expect(() => urlUnderSite('http://127.0.0.1:9999/run.json', 'http://127.0.0.1:4173/')).toThrow(/same origin/);
  });
});
