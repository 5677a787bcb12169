// HTTP headers the site needs. Shared by the dev server, `npm start`, the headless
// runner and the e2e tests, so every way of serving the app behaves the same.

/** Cross-origin isolation: enables SharedArrayBuffer interrupts in the sandbox. */
export { ISOLATION_HEADERS as isolationHeaders } from '../src/isolation.ts';
/** COOP/COEP at their defaults: no isolation, and the service worker does not add any. */
export { NO_ISOLATION_HEADERS as noIsolationHeaders } from '../src/isolation.ts';
