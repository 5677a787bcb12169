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

/** The page a route shows: its path and first segment (a run, a document, a dataset). */
const pageOf = (r: Route) => `${r.path}/${r.params[0] ?? ''}`;

/** The Navigation API where the browser has it: it tells a move through history from a new address. */
interface NavigationLike {
  addEventListener(type: 'navigate', listener: (e: { navigationType: string }) => void): void;
}

class Router {
  route = $state<Route>(current());
  /** The last navigation went back or forward through history (the browser restores its scroll). */
  private traversing = false;
  get path() {
    return this.route.path;
  }
  get params() {
    return this.route.params;
  }
  constructor() {
    const navigation = (window as { navigation?: NavigationLike }).navigation;
    navigation?.addEventListener('navigate', (e) => (this.traversing = e.navigationType === 'traverse'));
    window.addEventListener('hashchange', () => {
      const before = this.route;
      this.route = current();
      // Another page opens at its top (a run started from a scrolled form shows its title and
      // status); a heading link within a page, and a step back through history, keep their place.
      if (pageOf(before) !== pageOf(this.route) && !this.traversing) window.scrollTo(0, 0);
      this.traversing = false;
    });
  }
}

export const router = new Router();
