// Driving the Models and Run pages as a user does.
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { RunLog } from '../src/core/model/runlog.ts';
import { MOCK_BASE, MOCK_MODEL } from './mock-llm.ts';

export const KEY = 'sk-test-9f8e7d6c5b4a3210-SECRET';

export interface ProviderOptions {
  /** Another endpoint than the mocked one, its name and its models (each gets the price). */
  baseURL?: string;
  name?: string;
  models?: string[];
  remember?: boolean;
  retries?: number;
  timeoutSeconds?: number;
  /** $ per million tokens, input and output. */
  price?: [number, number];
}

async function openPage(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Add the mocked provider ("mock") with its key and model on the Models page (or another endpoint, by options). */
export async function addMockProvider(page: Page, options: ProviderOptions = {}): Promise<void> {
  const name = options.name ?? 'mock';
  await openPage(page, 'Models');
  await page.getByTestId('provider-preset').selectOption('custom');
  await page.getByTestId('provider-url').fill(options.baseURL ?? MOCK_BASE);
  await page.getByTestId('provider-name').fill(name);
  await page.getByTestId('provider-add').click();
  const card = page.getByTestId(`provider-${name}`);
  await card.getByTestId('provider-key').fill(KEY);
  await card.getByTestId('provider-key-save').click();
  await expect(card.getByTestId('provider-key')).toHaveAttribute('placeholder', 'a key is set');
  for (const model of options.models ?? [MOCK_MODEL]) {
    await card.getByTestId('provider-model').fill(model);
    await card.getByTestId('provider-model-add').click();
  }
  if (options.remember) await card.getByLabel('Remember the key on this device').check();
  if (options.retries !== undefined) {
    await page.getByLabel('Retries after a failed request (0 for none)').fill(String(options.retries));
    await page.getByLabel('Retries after a failed request (0 for none)').blur();
  }
  if (options.timeoutSeconds !== undefined) {
    await page.getByLabel(/^Request timeout/).fill(String(options.timeoutSeconds));
    await page.getByLabel(/^Request timeout/).blur();
  }
  if (options.price) {
    for (const model of options.models ?? [MOCK_MODEL]) {
      await page.getByTestId('price-model').fill(model);
      await page.getByTestId('price-in').fill(String(options.price[0]));
      await page.getByTestId('price-out').fill(String(options.price[1]));
      await page.getByTestId('price-add').click();
      await expect(page.getByTestId('price-table')).toContainText(model);
    }
  }
}

export interface RunOptions {
  subset?: string;
  turns?: number;
  concurrency?: number;
  budget?: string;
  /** Candidate labels to tick (the simulated defaults are unticked). */
  models?: string[];
  /** Protocol id (the page's default is PAIR). */
  protocol?: string;
  /** Anything else to set on the form before starting. */
  prepare?: (setup: Locator) => Promise<void>;
}

/** Start a run on the Run page; returns its id. */
export async function startRun(page: Page, options: RunOptions = {}): Promise<string> {
  await openPage(page, 'Run');
  const setup = page.getByTestId('run-setup');
  if (options.subset) await setup.getByTestId('run-subset').selectOption(options.subset);
  if (options.protocol) await setup.getByTestId('run-protocol').selectOption(options.protocol);
  for (const box of await setup.getByRole('checkbox').all()) await box.uncheck();
  for (const label of options.models ?? [`${MOCK_MODEL} (mock)`]) await setup.getByLabel(label, { exact: true }).check();
  if (options.turns !== undefined) await setup.getByLabel('Turns (α)').fill(String(options.turns));
  if (options.concurrency !== undefined) await setup.getByLabel('Concurrency').fill(String(options.concurrency));
  if (options.budget !== undefined) await setup.getByTestId('run-budget').fill(options.budget);
  if (options.prepare) await options.prepare(setup);
  await setup.getByTestId('run-start').click();
  await expect(page).toHaveURL(/#\/run\/run-/);
  return decodeURIComponent(new URL(page.url()).hash.split('/')[2]!);
}

/** Wait for the run view to show a final status. */
export async function waitForStatus(page: Page, status: RegExp | string, timeout = 120_000): Promise<void> {
  await expect(page.getByTestId('run-status')).toHaveText(status, { timeout });
}

export function runLog(page: Page, runId: string): Promise<RunLog> {
  return page.evaluate(async (id) => (await window.hintbench.runLog(id))!, runId);
}

export async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: (download as Download).suggestedFilename(), text: await readDownload(download as Download) };
}

async function readDownload(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Everything the app keeps in IndexedDB and localStorage, as text. */
export function storageDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [JSON.stringify({ ...localStorage })];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const name of db.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        out.push(JSON.stringify(rows));
      }
      db.close();
    }
    return out.join('\n');
  });
}
