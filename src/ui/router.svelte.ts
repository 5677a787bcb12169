// Hash routing: works on any static host, and every page has a stable URL.

export const PAGES = [
  { path: '/', label: 'Home' },
  { path: '/datasets', label: 'Datasets' },
  { path: '/models', label: 'Models' },
  { path: '/run', label: 'Run' },
  { path: '/results', label: 'Results' },
  { path: '/teach', label: 'Teach' },
] as const;
export type PagePath = (typeof PAGES)[number]['path'];

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
