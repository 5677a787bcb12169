// HTTP headers the site needs. Shared by the dev server, `npm start`, the headless
// runner and the e2e tests, so every way of serving the app behaves the same.

/** Cross-origin isolation: enables SharedArrayBuffer interrupts in the sandbox. */
export const isolationHeaders: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
