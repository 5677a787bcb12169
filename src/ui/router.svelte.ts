// Hash routing: works on any static host, and every page has a stable URL.

import { PAGES, type PagePath } from './pages.ts';

function current(): PagePath {
  const path = location.hash.replace(/^#/, '') || '/';
  return (PAGES.find((p) => p.path === path)?.path ?? '/') as PagePath;
}

class Router {
  path = $state<PagePath>(current());
  constructor() {
    window.addEventListener('hashchange', () => (this.path = current()));
  }
}

export const router = new Router();
