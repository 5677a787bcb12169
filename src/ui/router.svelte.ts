// Hash routing: works on any static host, and every page and item has a stable URL,
// e.g. #/datasets/builtin/warehouse-queries.
import { PAGES, type PagePath } from './pages.ts';

interface Route {
  path: PagePath;
  /** Path segments after the page, decoded. */
  params: string[];
}

function current(): Route {
  const segments = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const path = `/${segments[0] ?? ''}`;
  const page = PAGES.find((p) => p.path === path)?.path ?? '/';
  return { path: page, params: page === '/' ? [] : segments.slice(1) };
}

export function href(path: PagePath, ...params: string[]): string {
  return `#${path}${params.map((p) => `/${encodeURIComponent(p)}`).join('')}`;
}

class Router {
  route = $state<Route>(current());
  get path() {
    return this.route.path;
  }
  get params() {
    return this.route.params;
  }
  constructor() {
    window.addEventListener('hashchange', () => (this.route = current()));
  }
}

export const router = new Router();
