import { mount } from 'svelte';
import { automationApi, type AutomationApi } from './automation.ts';
import App from './ui/App.svelte';
import { runs } from './ui/runs.svelte.ts';
import { sandbox } from './ui/sandbox.svelte.ts';
import './ui/app.css';

declare global {
  interface Window {
    hintbench: AutomationApi;
  }
}

sandbox.start();
window.hintbench = automationApi(() => sandbox.client(), () => sandbox.settled);
// Runs a reload interrupted carry on by themselves; ?results=<same-origin URL> opens a bundle.
void runs.load().then(async () => {
  const results = new URLSearchParams(location.search).get('results');
  if (!results) return;
  try {
    const runId = await runs.importFromUrl(results);
    location.hash = `#/results/${encodeURIComponent(runId)}`;
  } catch (err) {
    runs.error = `Could not open the results: ${(err as Error).message}`;
    location.hash = '#/results';
  }
});
mount(App, { target: document.getElementById('app')! });

// Offline support (production builds only): the service worker caches the whole site.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch(() => {
    // not fatal: the app works online without it (e.g. on an insecure origin)
  });
}
