import { mount } from 'svelte';
import { automationApi, type AutomationApi } from './automation.ts';
import { startOffline } from './offline.ts';
import { provideLocalEngine } from './core/llm/local/engine.ts';
import { localModels } from './local-model/client.ts';
import App from './ui/App.svelte';
import { isolation } from './ui/isolation.svelte.ts';
import { runImport } from './ui/run-transfer.svelte.ts';
import { runs } from './ui/runs.svelte.ts';
import { sandbox } from './ui/sandbox.svelte.ts';
import './ui/app.css';

declare global {
  interface Window {
    hintbench: AutomationApi;
  }
}

// The app's modules are fetched, compiled and evaluated by now (bench/exec.ts reads this mark).
performance.mark('hintbench:app-start');
sandbox.start();
// In-browser models (llama.cpp in WebAssembly) answer through this engine; its worker starts on first use.
provideLocalEngine(localModels);
window.hintbench = automationApi(
  () => sandbox.client(),
  () => sandbox.settled,
);
// Runs a reload interrupted carry on by themselves; ?results=<URL under the site> opens a bundle.
void runs.load().then(async () => {
  const results = new URLSearchParams(location.search).get('results');
  if (!results) return;
  location.hash = '#/results'; // where the opening shows its progress
  try {
    const show = (runId: string) => (location.hash = `#/results/${encodeURIComponent(runId)}`);
    await runImport.importFromUrl(results, show); // shown once its scores are read (or, without scores, once stored)
  } catch (err) {
    runs.error = `Could not open the results: ${(err as Error).message}`;
    location.hash = '#/results';
  }
});
// The shell renders in a task of its own: started in the same task as the sandbox, the two made
// one main-thread task of over 100 ms on a 2-core machine (bench:ui, longestStartupTaskMs).
setTimeout(() => {
  mount(App, { target: document.getElementById('app')! });
  // Offline support (production builds only): the service worker caches the whole site, and
  // adds the isolation headers on hosts that cannot send them (see src/offline.ts).
  startOffline((state) => (isolation.current = state), import.meta.env.PROD);
});
