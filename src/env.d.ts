/// <reference types="svelte" />
/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
declare const __PYODIDE_VERSION__: string;
declare const __WLLAMA_VERSION__: string;
