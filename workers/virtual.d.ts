declare module 'virtual:python-worker-source' {
  /** The built Python worker (ES module source), started from a blob URL. */
  const source: string;
  export default source;
}
declare module '*.py?raw' {
  const source: string;
  export default source;
}
declare module 'virtual:sandbox-document' {
  /** The sandbox page (host and worker inlined, strict CSP), loaded via iframe srcdoc. */
  const html: string;
  export default html;
}
