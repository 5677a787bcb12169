// The app's pages, in navigation order.

export const PAGES = [
  { path: '/', label: 'Home' },
  { path: '/datasets', label: 'Datasets' },
  { path: '/models', label: 'Models' },
  { path: '/run', label: 'Run' },
  { path: '/results', label: 'Results' },
  { path: '/teach', label: 'Teach' },
  { path: '/docs', label: 'Docs' },
] as const;
export type PagePath = (typeof PAGES)[number]['path'];
