// Ruff's WebAssembly build in the app: loaded the first time a run needs it (its own chunk and
// its .wasm file, both served with the site, never from a CDN), then kept. It only reads
// program text; nothing it is given runs.
import { ruffStyleChecker, type StyleChecker } from '../core/style/pycodestyle.ts';

let loading: Promise<StyleChecker> | null = null;

export function loadStyleChecker(): Promise<StyleChecker> {
  loading ??= (async () => {
    const [ruff, wasm] = await Promise.all([import('@astral-sh/ruff-wasm-web'), import('@astral-sh/ruff-wasm-web/ruff_wasm_bg.wasm?url')]);
    await ruff.default({ module_or_path: wasm.default });
    return ruffStyleChecker(ruff);
  })();
  loading.catch(() => (loading = null)); // a failed load (offline, say) is tried again next time
  return loading;
}
