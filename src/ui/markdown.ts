// Markdown from datasets (statements) is untrusted: rendered, then sanitized. Headings move
// down one level (the page has its own h1), and images may only be inline data: images, so
// viewing a statement never contacts another server (the docs may also show their own figures,
// from the site itself).
import DOMPurify from 'dompurify';
import { marked } from 'marked';

/** The docs' own figures (docs/figures/*.svg, shipped with the site): the one kind of image file a rendered page may show, and only in the docs. */
export const DOC_FIGURE = /^figures\/[\w-]+\.svg$/;
let figureBase: URL | null = null;

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  const src = node.getAttribute('src') ?? '';
  if (node.tagName === 'IMG' && figureBase && DOC_FIGURE.test(src)) node.setAttribute('src', new URL(src, figureBase).href);
  else if (node.tagName === 'IMG' && !/^data:image\//i.test(src)) node.removeAttribute('src');
  if (node.tagName === 'A') {
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  }
});

/** Render and sanitize; `docsBase` (the docs folder's URL) lets the docs show their own figures. */
export function renderMarkdown(source: string, docsBase?: URL): string {
  const html = marked.parse(source, { async: false, gfm: true }) as string;
  figureBase = docsBase ?? null;
  let clean: string;
  try {
    clean = DOMPurify.sanitize(html, {
      USE_PROFILES: { html: true },
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
      FORBID_ATTR: ['style'],
    });
  } finally {
    figureBase = null;
  }
  return clean.replace(/<(\/?)h([1-5])\b/g, (_m, slash: string, level: string) => `<${slash}h${Number(level) + 1}`);
}
