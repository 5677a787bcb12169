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
