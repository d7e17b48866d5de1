#!/usr/bin/env node
// The CLI is TypeScript run by Node's built-in type stripping (Node >= 22.18).
import { main } from '../scripts/cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
