// Teach mode's page, drawn by the protocol whose runs it seats a learner in (TEACH_PROTOCOL of
// src/core/protocols/registry.ts); its own chunk, loaded the first time the page is shown.
import type { Component } from 'svelte';

export const loadTeachPage = (): Promise<{ default: Component }> => import('./pair/teach/TeachPage.svelte');
