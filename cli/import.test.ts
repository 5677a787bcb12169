import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { importCommand } from './import.ts';

const FIXTURES = 'src/core/datasets/importers/fixtures';

describe('hintbench import', () => {
  it('writes the valid rows, reports the rejected ones, and leaves no partial file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-import-'));
    const out = join(dir, 'apps.jsonl');
    const lines: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const code = await importCommand(['--format', 'apps', `${FIXTURES}/malformed-apps.jsonl`, '--out', out]);
    spy.mockRestore();
    expect(code).toBe(0);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string });
    expect(rows.map((r) => r.id)).toEqual(['apps-5']);
    expect(lines.join('')).toContain(
      'APPS: imported 1 instance(s), rejected 4 (invalid JSON: 1, missing field: question: 1, wrong type: question: 1, tests without outputs: 1)',
    );
    expect(readdirSync(dir)).toEqual(['apps.jsonl']);
  });

  it('reads a folder, and fails when nothing could be imported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hb-import-'));
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await importCommand(['--format', 'quixbugs', `${FIXTURES}/quixbugs`, '--out', join(dir, 'q.jsonl')])).toBe(0);
    expect(await importCommand(['--format', 'apps', `${FIXTURES}/empty.jsonl`, '--out', join(dir, 'e.jsonl')])).toBe(1);
    expect(await importCommand(['--format', 'nope', 'x', '--out', join(dir, 'n.jsonl')])).toBe(2);
    spy.mockRestore();
    expect(JSON.parse(readFileSync(join(dir, 'q.jsonl'), 'utf8').split('\n')[0]!)).toMatchObject({ id: 'quixbugs-gcd', testKind: 'call' });
    expect(existsSync(join(dir, 'n.jsonl'))).toBe(false);
  });
});
