declare module 'virtual:python-worker-source' {
  /** The built Python worker (ES module source), started from a blob URL. */
  const source: string;
  export default source;
}
declare module '*.py?raw' {
  const source: string;
  export default source;
}
