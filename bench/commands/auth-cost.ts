// What checking a Praxis-issued (oauth mode) access token costs per MCP request, next to a
// `praxis token` (local mode) token, and the KV reads of each check: `node bench/commands/auth-cost.ts
// [--calls N] [--rounds N] [--top N]` (`npm run bench:auth`). Prints figures (--top: where each
// kind's isolate CPU goes); asserts nothing. `npm run bench` prints the same next to its tables.
import { parseArgs } from 'node:util';
import { measureTokenCheckCost, renderTokenCheckCost } from '../lib/token-check-cost.ts';
import { countTokenCheckReads } from '../lib/token-check-reads.ts';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
    top: { type: 'string', default: '0' },
  },
});
const cost = await measureTokenCheckCost({
  calls: Number(values.calls),
  rounds: Number(values.rounds),
  top: Number(values.top),
});
const reads = await countTokenCheckReads();
for (const line of renderTokenCheckCost(cost, reads)) console.log(line);
