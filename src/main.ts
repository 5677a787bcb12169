import { mount } from 'svelte';
import { automationApi, type AutomationApi } from './automation.ts';
import App from './ui/App.svelte';
import { sandbox } from './ui/sandbox.svelte.ts';
import './ui/app.css';

declare global {
  interface Window {
    hintbench: AutomationApi;
  }
}

sandbox.start();
window.hintbench = automationApi(() => sandbox.client(), () => sandbox.settled);
mount(App, { target: document.getElementById('app')! });

// Offline support (production builds only): the service worker caches the whole site.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch(() => {
    // not fatal: the app works online without it (e.g. on an insecure origin)
  });
}
