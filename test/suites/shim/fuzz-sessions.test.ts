// Fuzzing the shim's session ids and options against real repositories: in-process operations and
// the real `praxis shim` over stdio. Every refusal is a Refusal (a tool error for agents), nothing
// throws anything else, and the active working tree — files, index, HEAD, refs, worktree list — is
// byte-identical after every one. FUZZ_RUNS=<n> raises the number of runs.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../../src/shim/operations/get.ts';
import { readSession } from '../../../src/shim/operations/read.ts';
import { parseShimOptions } from '../../../src/shim/options.ts';
import { Refusal } from '../../../src/shim/refusal.ts';
import { sessionIdProblem } from '../../../src/shim/sessions/session-id.ts';
import {
  createSessionFixture,
  fingerprint,
  SESSION_ID,
  write,
  type Fixture,
} from '../../helpers/shim/git-fixture.ts';
import { connectShim, textOf, type ShimConnection } from '../../helpers/shim/shim-client.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

const SESSION = SESSION_ID;

const hostileId = fc.oneof(
  fc.constantFrom(
    '..',
    '../',
    '../repo',
    '../../etc/passwd',
    `${SESSION}/..`,
    `${SESSION}/../..`,
    `./${SESSION}`,
    `${SESSION}\n`,
    ` ${SESSION}`,
    `${SESSION} `,
    `${SESSION}\u0000`,
    `-${SESSION}`,
    '--upload-pack=touch /tmp/praxis-pwned',
    '-rf',
    '--help',
    'HEAD',
    'HEAD~1',
    'main',
    'refs/heads/main',
    `praxis/${SESSION}`,
    'praxis',
    '@',
    '@{-1}',
    '*',
    '?',
    '$(touch /tmp/praxis-pwned)',
    '`id`',
    ';rm -rf .',
    '|',
    'repo',
    'sessions',
    'C:\\Windows',
    '\\\\server\\share',
    '%2e%2e%2f',
    'ａｂｃ',
    '\u202e',
    'x'.repeat(129),
    'x'.repeat(100_000),
    '',
    ' ',
    '.',
    '.git',
    '.git/config',
  ),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(null, undefined, 0, -1, 1e308, true, false, [], {}, [SESSION], { id: SESSION }),
);
const anyOption = fc.oneof(fc.boolean(), fc.constant(undefined), fc.jsonValue({ maxDepth: 1 }));

let fx: Fixture;
let activeBefore: string;

beforeAll(() => {
  fx = createSessionFixture(); // session SESSION, one commit ahead
  write(fx.repo, 'WORK-IN-PROGRESS.md', 'the human is editing this\n'); // untracked work in the active tree
  activeBefore = fingerprint(fx.repo);
});
afterAll(() => fx.cleanup());

/** Runs `work`; anything but success or a Refusal fails; the active tree must not have moved. */
async function expectRefusedOrRead(
  work: () => Promise<unknown>,
  context: string,
): Promise<'ok' | 'refused'> {
  const outcome = await work().then(
    () => 'ok' as const,
    (error: unknown) => {
      if (error instanceof Refusal) return 'refused' as const;
      throw new Error(
        `${context}: threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}, not a Refusal`,
      );
    },
  );
  expect(fingerprint(fx.repo), `${context} changed the active tree`).toBe(activeBefore);
  return outcome;
}

describe('session ids from agents', () => {
  it('accepts only ids that cannot name a path or an option', () => {
    fc.assert(
      fc.property(hostileId, (id) => {
        if (sessionIdProblem(id) !== undefined) return;
        const text = id as string;
        expect(text).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/);
        expect(text).not.toContain('..');
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });

  it(
    'worktree_read: reads the one real session, refuses everything else, never touches the active tree',
    { timeout: 120_000 },
    async () => {
      let reads = 0;
      await fc.assert(
        fc.asyncProperty(
          hostileId,
          fc.record({ statOnly: anyOption }, { requiredKeys: [] }),
          async (id, options) => {
            const outcome = await expectRefusedOrRead(
              () => readSession(fx.repo, id, options as { statOnly?: boolean }),
              `read ${JSON.stringify(id)?.slice(0, 80)}`,
            );
            if (outcome === 'ok') {
              reads++;
              expect(typeof id === 'string' && id.trim()).toBeTruthy();
            }
          },
        ),
        { numRuns: fuzzRuns(150) },
      );
      await expectRefusedOrRead(() => readSession(fx.repo, SESSION), 'the real session');
      expect(reads).toBeLessThan(fuzzRuns(150));
    },
  );

  it(
    'worktree_get: refuses every id but the real session with the active tree byte-identical',
    { timeout: 120_000 },
    async () => {
      const notTheSession = hostileId.filter(
        (id) => typeof id !== 'string' || id.trim().toLowerCase() !== SESSION,
      );
      await fc.assert(
        fc.asyncProperty(
          notTheSession,
          fc.record({ squash: anyOption, noCommit: anyOption }, { requiredKeys: [] }),
          async (id, options) => {
            const outcome = await expectRefusedOrRead(
              () => getSession(fx.repo, id, options as { squash?: boolean; noCommit?: boolean }),
              `get ${JSON.stringify(id)?.slice(0, 80)}`,
            );
            expect(outcome, `get ${JSON.stringify(id)} was not refused`).toBe('refused');
          },
        ),
        { numRuns: fuzzRuns(150) },
      );
    },
  );
});

describe('`praxis shim` over stdio', () => {
  let shim: ShimConnection;
  beforeAll(async () => {
    shim = await connectShim(['--repo', fx.repo, '--allow-agent-get']);
  });
  afterAll(async () => shim?.close());

  it(
    'answers fuzzed worktree_read / worktree_get arguments with results or tool errors, never a crash',
    { timeout: 120_000 },
    async () => {
      const args = fc
        .record(
          {
            session_id: hostileId,
            squash: anyOption,
            no_commit: anyOption,
            stat_only: anyOption,
            extra: anyOption,
          },
          { requiredKeys: [] },
        )
        .filter(
          (value) =>
            typeof value.session_id !== 'string' ||
            value.session_id.trim().toLowerCase() !== SESSION,
        );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('worktree_read', 'worktree_get'),
          args,
          async (name, input) => {
            const context = `${name} ${JSON.stringify(input)?.slice(0, 120)}`;
            const result = await shim.client
              .callTool({ name, arguments: input as Record<string, unknown> })
              .catch((error: Error) => ({ protocolError: error.message }));
            if ('protocolError' in result)
              expect(result.protocolError, context).toMatch(/-32602|Invalid|arguments/i);
            else expect(result.isError, `${context}: ${textOf(result)}`).toBe(true);
            expect(fingerprint(fx.repo), `${context} changed the active tree`).toBe(activeBefore);
          },
        ),
        { numRuns: fuzzRuns(120) },
      );
      expect(shim.stderr()).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack traces
    },
  );
});

describe('`praxis shim` options', () => {
  it('either refuses options with a sentence or accepts only https / loopback http remotes and real variable names', () => {
    const raw = fc.record({
      repo: fc.option(fc.string(), { nil: undefined }),
      allowAgentGet: fc.option(fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 0 })), {
        nil: undefined,
      }),
      remote: fc.option(
        fc.oneof(
          fc.webUrl(),
          fc.string(),
          fc.constantFrom(
            'http://evil.example/mcp',
            'http://user:pw@localhost/mcp',
            'file:///etc/passwd',
            'javascript:alert(1)',
            'http://127.0.0.1.evil.example/mcp',
            'http://[::1]:8787/mcp',
            'https://praxis.example.com/mcp',
          ),
        ),
        { nil: undefined },
      ),
      tokenEnv: fc.option(
        fc.oneof(fc.string(), fc.constantFrom('PRAXIS_TOKEN', '$(id)', 'A B', '1ABC', '')),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(raw, (input) => {
        const parsed = parseShimOptions(input as never, '/tmp');
        if (!parsed.ok) {
          expect(parsed.problem).toMatch(/\.$/);
          return;
        }
        expect(parsed.options.allowAgentGet === true).toBe(input.allowAgentGet === true);
        const remote = parsed.options.remote;
        if (!remote) return;
        if (input.tokenEnv !== undefined)
          expect(remote.tokenEnv).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
        else expect(remote.tokenEnv).toBeUndefined();
        expect(remote.url.username + remote.url.password).toBe('');
        expect(
          remote.url.protocol === 'https:' ||
            (remote.url.protocol === 'http:' &&
              ['localhost', '127.0.0.1', '[::1]'].includes(remote.url.hostname)),
        ).toBe(true);
      }),
      { numRuns: fuzzRuns(5000) },
    );
  });
});
