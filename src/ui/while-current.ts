// An effect's asynchronous load, kept only while the effect is current. A late callback must not
// read the component's props or deriveds after the component is gone (Svelte warns: derived_inert,
// and the values may be stale), nor overwrite what a newer run of the effect loaded.

/** Calls `then` (or `fail`) with the promise's outcome unless the returned cleanup ran first. */
export function whileCurrent<T>(promise: Promise<T>, then: (value: T) => void, fail?: (err: Error) => void): () => void {
  let current = true;
  promise.then(
    (value) => current && then(value),
    (err: unknown) => current && fail?.(err instanceof Error ? err : new Error(String(err))),
  );
  return () => {
    current = false;
  };
}
