import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeBase, startServer, type SiteServer } from './server.ts';

const root = mkdtempSync(join(tmpdir(), 'hb-server-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>site</title>');
writeFileSync(join(root, 'assets', 'app.js'), 'export {};');

const get = (site: SiteServer, path: string) => fetch(new URL(path, site.url), { redirect: 'manual' });

describe('the static server', () => {
  it('normalizes the base path', () => {
    expect(normalizeBase()).toBe('/');
    expect(normalizeBase('/')).toBe('/');
    expect(normalizeBase('hintbench')).toBe('/hintbench/');
    expect(normalizeBase('/hintbench/')).toBe('/hintbench/');
  });

  describe('under a sub-path, with no isolation headers (a plain static host)', () => {
    let site: SiteServer;
    beforeAll(async () => (site = await startServer({ root, base: '/hintbench/', plain: true })));
    afterAll(() => site.close());

    it('serves the site under the base and nothing outside it', async () => {
      expect(new URL(site.url).pathname).toBe('/hintbench/');
      const index = await get(site, '/hintbench/');
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('<title>site</title>');
      expect((await get(site, '/hintbench/assets/app.js')).status).toBe(200);
      expect((await get(site, '/assets/app.js')).status).toBe(404);
      expect((await get(site, '/')).status).toBe(404);
      expect((await get(site, '/hintbench-other/index.html')).status).toBe(404);
    });

    it('redirects the directory without its slash, keeping the query', async () => {
      const response = await get(site, '/hintbench?results=run.json');
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/hintbench/?results=run.json');
    });

    it('sends no COOP/COEP, and caches the hashed files by their path inside the site', async () => {
      const index = await get(site, '/hintbench/');
      expect(index.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(index.headers.get('cross-origin-embedder-policy')).toBeNull();
      expect(index.headers.get('cache-control')).toBe('no-cache');
      expect((await get(site, '/hintbench/assets/app.js')).headers.get('cache-control')).toContain('immutable');
    });
  });

  it('isolates by default, and declines isolation with explicit unsafe-none headers', async () => {
    for (const [isolated, coop, coep] of [
      [true, 'same-origin', 'require-corp'],
      [false, 'unsafe-none', 'unsafe-none'],
    ] as const) {
      const site = await startServer({ root, isolated });
      try {
        expect(site.url).toMatch(/:\d+\/$/);
        const index = await get(site, '/');
        expect(index.headers.get('cross-origin-opener-policy')).toBe(coop);
        expect(index.headers.get('cross-origin-embedder-policy')).toBe(coep);
      } finally {
        await site.close();
      }
    }
  });
});
