#!/usr/bin/env node
// Entry point of `npx hintbench`: runs the TypeScript CLI through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
