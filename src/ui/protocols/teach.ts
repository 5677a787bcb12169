// Teach mode's pages, by the key a protocol names in its `teach` capability; each its own chunk, loaded the
// first time the page is shown. The page shown is TEACH_PROTOCOL's (src/core/protocols/registry.ts),
// itself loaded then: the app's first chunk holds no protocol.
import type { Component } from 'svelte';
import type { TeachViewKey } from '../../core/protocols/view-keys.ts';

export const TEACH_VIEWS = {
  'repair-teach': () => import('./pair/teach/TeachPage.svelte'),
} satisfies Record<TeachViewKey, () => Promise<{ default: Component }>>;

export async function loadTeachPage(): Promise<{ default: Component }> {
  const { TEACH_PROTOCOL } = await import('../../core/protocols/registry.ts');
  return TEACH_VIEWS[TEACH_PROTOCOL.teach!.view]();
}
