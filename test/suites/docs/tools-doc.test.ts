// docs/tools.md shows what the program answers, not what it once answered: `npm start` (praxis dev
// --auth oauth on this repository's content/) is started, alice and bob sign in through the
// development sign-in with the official MCP client, every example the page marks is asked again,
// and each answer block of the page must equal the fresh answer. What moves with every commit —
// content version, commit, cursors — is masked on both sides, as for docs/deploy.md's dry runs.
// `PRAXIS_UPDATE_DOCS=1 npx vitest run test/suites/docs/tools-doc.test.ts` writes the fresh answers into
// the page instead of comparing them.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDevServer, type SharedServer } from '../../helpers/node/shared-dev-server.ts';
import { MemoryOAuthClient, TestBrowser, signInAs } from '../../fixtures/oidc/sign-in-browser.ts';
import {
  answerBlock,
  answerBlocks,
  withAnswers,
  type Answer,
} from '../../helpers/node/doc-answer-blocks.ts';
import {
  TOOLS_DOC_EXAMPLES,
  type Caller,
  type Example,
} from '../../helpers/node/tools-doc-examples.ts';
import { codeSpans, tableRows } from '../../helpers/node/markdown-tables.ts';
import { maskVolatile } from '../../helpers/node/volatile-values.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const PAGE = join(ROOT, 'docs/tools.md');
const UPDATE = process.env.PRAXIS_UPDATE_DOCS === '1';
const STALE =
  'docs/tools.md is out of date: run `PRAXIS_UPDATE_DOCS=1 npx vitest run test/suites/docs/tools-doc.test.ts`' +
  ' to write the current answers into it, and read the change';

interface SignedIn {
  client: Client;
  token: string;
}

/** A person signing in with only the URL, as `npm start` prints it: consent, then the development provider. */
async function signIn(url: string, user: string): Promise<SignedIn> {
  const provider = new MemoryOAuthClient(`docs/tools.md as ${user}`);
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const refused = new Client({ name: 'tools-doc', version: '1.0.0' }).connect(first);
  await expect(refused).rejects.toBeInstanceOf(UnauthorizedError);
  const browser = new TestBrowser((request) => fetch(request));
  const landed = new URL(await signInAs(browser, provider.authorizationUrl!.href, user));
  await first.finishAuth(landed.searchParams);
  const client = new Client({ name: 'tools-doc', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return { client, token: provider.tokens()!.access_token };
}

/** The result the official client hands its caller: a tool's structured content, or its text. */
async function resultOf(client: Client, example: Example): Promise<Answer> {
  const params = example.params as never;
  switch (example.method) {
    case 'tools/call': {
      const result = await client.callTool(params);
      const isError = result.isError === true;
      if (result.structuredContent)
        return { shown: 'result', value: result.structuredContent, isError };
      const text = (result.content as Array<{ type: string; text?: string }>)
        .map((part) => part.text ?? '')
        .join('\n');
      return { shown: 'result', value: undefined, text, isError };
    }
    case 'resources/read':
      return { shown: 'result', value: await client.readResource(params) };
    case 'prompts/get':
      return { shown: 'result', value: await client.getPrompt(params) };
    case 'completion/complete':
      return { shown: 'result', value: await client.complete(params) };
    case 'tools/list':
      return { shown: 'result', value: await client.listTools() };
  }
}

/** The bare HTTP answer to one JSON-RPC request with this token (or none), as any client receives it. */
async function wireOf(url: string, token: string | undefined, example: Example): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: example.method, params: example.params }),
  });
  return {
    shown: 'wire',
    status: response.status,
    statusText: response.statusText,
    wwwAuthenticate: response.headers.get('www-authenticate'),
    body: await response.text(),
  };
}

describe('docs/tools.md', () => {
  let dev: SharedServer;
  const signedIn = new Map<Caller, SignedIn>();
  const fresh = new Map<string, string>();
  let page = '';

  beforeAll(async () => {
    dev = await sharedDevServer('npm start');
    for (const user of ['alice', 'bob'] as const) signedIn.set(user, await signIn(dev.url, user));
    for (const example of TOOLS_DOC_EXAMPLES) {
      const caller = signedIn.get(example.as);
      const answer =
        example.shown === 'wire'
          ? await wireOf(dev.url, caller?.token, example)
          : await resultOf(caller!.client, example);
      // The test's port stands for the one `npm start` listens on.
      fresh.set(
        example.id,
        answerBlock(example, answer).replaceAll(`127.0.0.1:${dev.port}`, '127.0.0.1:8787'),
      );
    }
    page = await readFile(PAGE, 'utf8');
    if (UPDATE) {
      page = withAnswers(page, fresh);
      await writeFile(PAGE, page);
    }
  }, 180_000);

  afterAll(async () => {
    for (const { client } of signedIn.values()) await client.close();
  });

  it('marks each example the test asks exactly once, and no other', () => {
    const ids = answerBlocks(page).map((block) => block.id);
    const unmarked =
      'docs/tools.md must mark each example of test/helpers/node/tools-doc-examples.ts once, ' +
      'with `<!-- answer: <id> -->` and `<!-- /answer -->` around its answer (empty for a new one), and no other';
    expect(ids.toSorted(), unmarked).toEqual(
      TOOLS_DOC_EXAMPLES.map((example) => example.id).toSorted(),
    );
  });

  it('lists in its tables exactly the tools, resource templates and prompts npm start lists', async () => {
    const { client } = signedIn.get('alice')!;
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(
      tableRows(page, 'tool')
        .flatMap((row) => codeSpans(row[0]!))
        .toSorted(),
    ).toEqual(tools.toSorted());
    const templates = (await client.listResourceTemplates()).resourceTemplates.map(
      (template) => template.uriTemplate,
    );
    const uris = tableRows(page, 'URI').map((row) => codeSpans(row[0]!)[0]!);
    expect(uris.filter((uri) => uri.includes('{')).toSorted()).toEqual(templates.toSorted());
    const listed = (await client.listResources()).resources.map((resource) => resource.uri);
    for (const uri of uris.filter((uri) => !uri.includes('{'))) expect(listed).toContain(uri);
    const shownArgument = (argument: { name: string; required?: boolean }) =>
      `${argument.name}${argument.required ? '*' : ''}`;
    const prompts = (await client.listPrompts()).prompts.map((prompt) => [
      prompt.name,
      (prompt.arguments ?? []).map(shownArgument).join(', '),
    ]);
    const rows = tableRows(page, 'prompt').map((row) => [
      codeSpans(row[0]!)[0],
      codeSpans(row[1]!).join(', '),
    ]);
    const byName = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
    expect(rows.toSorted(byName)).toEqual(prompts.toSorted(byName));
  });

  it('README counts what npm start offers as the program does', async () => {
    const { client } = signedIn.get('alice')!;
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const counted = /(\d+) tools, (\d+) resources and (\d+) resource templates, (\d+) prompts/.exec(
      readme,
    );
    const counts = counted?.slice(1).map(Number);
    const resources = tableRows(page, 'URI').filter((row) => !row[0]!.includes('{')).length;
    expect(counts).toEqual([
      (await client.listTools()).tools.length,
      resources,
      (await client.listResourceTemplates()).resourceTemplates.length,
      (await client.listPrompts()).prompts.length,
    ]);
  });

  it.each(TOOLS_DOC_EXAMPLES.map((example) => [example.id]))(
    'shows what npm start answers: %s',
    (id) => {
      const shown = answerBlocks(page).find((block) => block.id === id);
      expect(shown, STALE).toBeDefined();
      expect(maskVolatile(shown!.text), STALE).toBe(maskVolatile(fresh.get(id)!));
    },
  );
});
