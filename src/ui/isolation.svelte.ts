// How this page is cross-origin isolated (server headers, the service worker, or not at all),
// as settled by src/offline.ts; null until known.
import type { IsolationState } from '../isolation.ts';

export const isolation = $state<{ current: IsolationState | null }>({ current: null });
