// The site's own address: its origin and the directory it is published in (`/` at the root of
// a host, `/hintbench/` as a project site on GitHub Pages). Other sites may share the origin,
// so a link can make the page fetch only from under this directory.

/** `raw` resolved against the page, if it lies under the site's directory; else an error. */
export function urlUnderSite(raw: string, baseURI: string): URL {
  const site = new URL('./', baseURI);
  const url = new URL(raw, baseURI);
  if (url.origin !== site.origin || !url.pathname.startsWith(site.pathname)) {
    throw new Error(`results can only be opened from this site’s own address (same origin, under ${site.pathname})`);
  }
  return url;
}
