// Teach mode's pages, by the key a protocol names in `views.teach`; each its own chunk, loaded the
// first time the page is shown. The page shown is TEACH_PROTOCOL's (src/core/protocols/registry.ts).
import type { Component } from 'svelte';
import { TEACH_PROTOCOL } from '../../core/protocols/registry.ts';
import type { TeachViewKey } from '../../core/protocols/view-keys.ts';

export const TEACH_VIEWS = {
  'repair-teach': () => import('./pair/teach/TeachPage.svelte'),
} satisfies Record<TeachViewKey, () => Promise<{ default: Component }>>;

export const loadTeachPage = (): Promise<{ default: Component }> => TEACH_VIEWS[TEACH_PROTOCOL.views.teach!]();
