// Markup that must render inert wherever the app shows untrusted text, and the check that it did.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const PAYLOAD =
  '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> [click](javascript:window.__pwned=3) <a href="javascript:window.__pwned=4" onclick="window.__pwned=5">a</a>';

/** Nothing ran, no element got an on* attribute, no link goes to javascript:, no script was added. */
export async function expectInert(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    handlers: [...document.querySelectorAll('body *')].flatMap((e) =>
      [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName}[${a.name}]`),
    ),
    jsLinks: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!).filter((h) => /^\s*javascript:/i.test(h)),
    scripts: document.body.querySelectorAll('script').length,
  }));
  expect(found, where).toEqual({ pwned: null, handlers: [], jsLinks: [], scripts: 0 });
}
