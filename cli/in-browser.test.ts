// A run config's in-browser model: named by a link or a file (any part of a split model names
// every part beside it), recorded as the in-browser preset under its file's name; a provider
// entry with that preset is refused with the form to use.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliConfig, inBrowserFiles, readConfig, runConfigOf } from './run.ts';

describe('in-browser models in a run config', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hintbench-cli-'));
  for (const name of ['m-00001-of-00002.gguf', 'm-00002-of-00002.gguf', 'other.gguf']) writeFileSync(join(dir, name), 'GGUF');

  it('finds every part of a split model from one, and takes a link as it is', () => {
    expect(inBrowserFiles(join(dir, 'm-00002-of-00002.gguf'))).toEqual({
      files: [join(dir, 'm-00001-of-00002.gguf'), join(dir, 'm-00002-of-00002.gguf')],
      id: 'm',
    });
    expect(inBrowserFiles(join(dir, 'other.gguf'))).toEqual({ files: [join(dir, 'other.gguf')], id: 'other' });
    expect(inBrowserFiles('https://huggingface.co/a/b/resolve/main/x.gguf')).toEqual({ url: 'https://huggingface.co/a/b/resolve/main/x.gguf' });
    expect(() => inBrowserFiles(join(dir, 'missing.gguf'))).toThrow(/no such file/);
  });

  it('is the in-browser preset under its file name, with its settings', () => {
    const config = {
      protocol: 'pair',
      models: [{ id: 'local', inBrowser: join(dir, 'other.gguf'), maxTokens: 64 }],
      feedback: { simulated: 'rule-based' },
    } as CliConfig;
    expect(runConfigOf(config).candidates[0]).toEqual({
      kind: 'provider',
      id: 'local',
      label: 'other (in this browser)',
      preset: 'inbrowser',
      baseURL: 'in-browser:',
      model: 'other',
      maxTokens: 64,
    });
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify({ ...config, models: [{ id: 'x', inBrowser: 'a.gguf', baseURL: 'http://h/v1' }] }));
    expect(() => readConfig(file)).toThrow(/field "models.0.baseURL": unknown field "baseURL"/);
    writeFileSync(file, JSON.stringify({ ...config, models: [{ id: 'x', preset: 'inbrowser', baseURL: 'http://h/v1', model: 'm' }] }));
    expect(() => readConfig(file)).toThrow(/is named by its file: \{"id": "x", "inBrowser"/);
  });
});
