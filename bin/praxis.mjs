#!/usr/bin/env node
// In a checkout the CLI is TypeScript run by Node's built-in type stripping (Node >= 22.18); an
// installed package carries it compiled to dist/ (`npm pack` builds it: Node does not strip types
// under node_modules), and no TypeScript sources.
import { existsSync } from 'node:fs';

const sources = new URL('../scripts/cli/main.ts', import.meta.url);
const { main } = await import(
  existsSync(sources) ? sources.href : new URL('../dist/scripts/cli/main.js', import.meta.url).href
);

process.exitCode = await main(process.argv.slice(2));
