// Each page's component is its own chunk, loaded the first time the page is shown: Home needs
// neither the editor, the charts, the markdown renderer nor the model clients the others use.
import type { Component } from 'svelte';
import type { PagePath } from './pages.ts';

type PageModule = Promise<{ default: Component }>;

const LOADERS: Record<PagePath, () => PageModule> = {
  '/': () => import('./pages/Home.svelte'),
  '/datasets': () => import('./pages/Datasets.svelte'),
  '/models': () => import('./pages/Models.svelte'),
  '/run': () => import('./pages/Run.svelte'),
  '/results': () => import('./pages/Results.svelte'),
  '/teach': () => import('./teach/TeachPage.svelte'),
  '/docs': () => import('./pages/Docs.svelte'),
};

/** The page's component (the module loads once; later calls reuse it). */
export async function loadPage(path: PagePath): Promise<Component> {
  return (await LOADERS[path]()).default;
}
