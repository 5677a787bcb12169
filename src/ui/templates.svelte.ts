// Edited prompt templates, per protocol, kept in localStorage so an edit survives a reload. A
// run uses the protocol's defaults with these edits on top; the manifest records every
// template's hash, so an edit shows up as a different hash.
import { sha256Hex } from '../core/exec/hash.ts';
import { PROTOCOLS } from '../core/protocols/registry.ts';

const KEY = 'hintbench.templates';

class TemplateEdits {
  edits = $state<Record<string, Record<string, string>>>({});

  constructor() {
    try {
      this.edits = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, Record<string, string>>;
    } catch {
      this.edits = {};
    }
  }

  private save(): void {
    localStorage.setItem(KEY, JSON.stringify($state.snapshot(this.edits)));
  }

  /** The text a run of this protocol would use. */
  text(protocol: string, name: string): string {
    return this.edits[protocol]?.[name] ?? PROTOCOLS[protocol]?.templates[name] ?? '';
  }

  isEdited(protocol: string, name: string): boolean {
    return this.edits[protocol]?.[name] !== undefined;
  }

  set(protocol: string, name: string, text: string): void {
    const defaults = PROTOCOLS[protocol]?.templates ?? {};
    const mine = { ...this.edits[protocol] };
    if (text === defaults[name]) delete mine[name];
    else mine[name] = text;
    this.edits = { ...this.edits, [protocol]: mine };
    this.save();
  }

  reset(protocol: string, name?: string): void {
    const mine = { ...this.edits[protocol] };
    if (name) delete mine[name];
    this.edits = { ...this.edits, [protocol]: name ? mine : {} };
    this.save();
  }

  /** The edits a run of this protocol carries (only templates the protocol has). */
  editsFor(protocol: string): Record<string, string> {
    const defaults = PROTOCOLS[protocol]?.templates ?? {};
    return Object.fromEntries(Object.entries(this.edits[protocol] ?? {}).filter(([name]) => name in defaults));
  }
}

export const templates = new TemplateEdits();

/** The short hash shown beside a template (the manifest keeps the full sha256). */
export async function shortHash(text: string): Promise<string> {
  return (await sha256Hex(text)).slice(0, 12);
}
