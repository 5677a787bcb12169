// The page's side of the offline service worker: registers it (scope: the directory the site
// is published in), then settles cross-origin isolation: reports how the page is isolated,
// and reloads once when the worker's headers would isolate it. A flag in sessionStorage keeps
// that to one reload per tab, so a browser that ignores the headers cannot loop.
import { decideIsolation, SW_ISOLATION_MARK, type IsolationState } from './isolation.ts';

/** sessionStorage key: set while a reload for isolation is pending or did not help in this tab. */
export const RELOADED = 'hintbench:isolation-reload';

/** Whether this site's responses come with headers the controlling worker added. */
async function workerAddsHeaders(): Promise<boolean> {
  try {
    const response = await fetch(new URL('./', document.baseURI)); // answered by the worker, from its cache
    void response.body?.cancel();
    return response.headers.get(SW_ISOLATION_MARK) === 'service-worker';
  } catch {
    return false;
  }
}

/** Remember a reload for isolation in this tab; false when the tab cannot remember it. */
function markReload(): boolean {
  try {
    sessionStorage.setItem(RELOADED, '1');
    return sessionStorage.getItem(RELOADED) === '1';
  } catch {
    return false;
  }
}

function reloadedBefore(): boolean {
  try {
    return sessionStorage.getItem(RELOADED) !== null;
  } catch {
    return true; // no storage: no way to guard a reload, so none
  }
}

export function startOffline(report: (state: IsolationState) => void, register = true): void {
  const workers = register && 'serviceWorker' in navigator && window.isSecureContext ? navigator.serviceWorker : null;
  const settle = async () => {
    const controlled = Boolean(workers?.controller);
    const state = decideIsolation({
      isolated: window.crossOriginIsolated,
      serviceWorkers: Boolean(workers),
      controlled,
      workerAddsHeaders: controlled && (await workerAddsHeaders()),
      mayReload: !reloadedBefore(),
    });
    if (window.crossOriginIsolated) {
      try {
        sessionStorage.removeItem(RELOADED); // isolated: a later failure may reload once again
      } catch {
        // no storage
      }
    }
    if (state.reload && markReload()) {
      location.reload();
      return;
    }
    report(state.reload ? { ...state, reload: false, pending: false, why: "the service worker's headers need a reload, which this tab cannot guard" } : state);
  };
  if (workers) {
    workers.addEventListener('controllerchange', () => void settle());
    workers.register('./sw.js', { scope: './' }).catch(() => {
      // not fatal: the app works online without it (e.g. storage turned off)
    });
  }
  void settle();
}
