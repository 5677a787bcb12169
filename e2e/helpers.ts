// Running programs through the page's automation API (the same code path as the UI).
import type { Page } from '@playwright/test';
import type { JobRequest, JobResult, RawTestResult, SandboxInfo } from '../src/core/exec/sandbox-api.ts';

export function runJob(page: Page, job: JobRequest): Promise<JobResult> {
  return page.evaluate((j) => window.hintbench.runJob(j), job);
}

/** Run one program on stdio payloads; results in test order. */
export async function runProgram(page: Page, program: string, payloads: string[], timeLimitMs = 1000): Promise<RawTestResult[]> {
  const job: JobRequest = { program, kind: 'stdio', tests: payloads.map((payload, i) => ({ id: `t${i}`, payload })), timeLimitMs };
  return (await runJob(page, job)).results;
}

export function sandboxInfo(page: Page): Promise<SandboxInfo> {
  return page.evaluate(() => window.hintbench.info());
}

/** Indent a program under `if input() == "go":`, then print "next": test 0 attacks, test 1 checks recovery. */
export function guarded(program: string): string {
  return `if input() == "go":\n${program
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')}\nprint("next")`;
}
