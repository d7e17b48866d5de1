// Non-interference: whatever a caller may not see changes nothing it is told. For generated corpora
// with restricted processes, checklists, records, wiki modules, frameworks, prompts and a career
// context, every answer the Worker gives a caller — initialize, every list, every tool with every
// name (hidden ones too) and queries made of words only restricted entries use, every resource,
// prompt and completion, /healthz — is compared byte for byte with the answer from a bundle built
// from the same folder minus the files that caller may not see. The second bundle is published
// under the first one's version, commit and build time: the only things allowed to differ.
import { describe, expect, inject, it } from 'vitest';
import { POINTER_KEY, objectKey } from '../../../src/bundle/bundle.ts';
import { resetContentCache } from '../../../src/worker/content/store.ts';
import type { Env } from '../../../src/worker/index.ts';
import {
  RESOURCE,
  cloudEnv,
  mcpPost,
  providers,
  signedByProvider,
} from '../../helpers/workerd/auth-helpers.ts';
import { captureConsole } from '../../helpers/console-lines.ts';
import { callWorker, testEnv, token } from '../../helpers/workerd/helpers.ts';
import type { CorpusPlan, ProvidedBundle } from '../../helpers/workerd/restricted-corpus.ts';

type Call = (method: string, params: unknown) => Promise<string>;
type Answers = Array<[label: string, answer: string]>;

/**
 * Objects this file has stored: an object's key is the hash of its text, so storing it again would
 * write the same bytes. KV starts empty for every file (fresh-per-file.ts).
 */
const stored = new Set<string>();

async function publish(bundle: ProvidedBundle, as: ProvidedBundle['pointer']): Promise<void> {
  const missing = bundle.objects.filter(([hash]) => !stored.has(hash));
  await Promise.all(missing.map(([hash, text]) => testEnv.CONTENT.put(objectKey(hash), text)));
  for (const [hash] of missing) stored.add(hash);
  const pointer = {
    ...bundle.pointer,
    version: as.version,
    commit: as.commit,
    builtAt: as.builtAt,
  };
  await testEnv.CONTENT.put(POINTER_KEY, JSON.stringify(pointer));
  resetContentCache();
}

/** A caller as the Worker authenticates it: a local token (no groups) or a provider token with groups. */
async function callerFor(groups: string[]): Promise<{ bearer: string; env: Partial<Env> }> {
  if (groups.length === 0) return { bearer: await token('no-group-caller'), env: {} };
  const now = Math.floor(Date.now() / 1000);
  const bearer = await signedByProvider({
    iss: providers.stable,
    aud: RESOURCE,
    sub: `caller-${groups.join('-')}`,
    scope: 'praxis:read',
    iat: now,
    exp: now + 600,
    groups,
  });
  return { bearer, env: cloudEnv() };
}

function caller(bearer: string, env: Partial<Env>): Call {
  return async (method, params) => {
    const response = await mcpPost({ jsonrpc: '2.0', id: 1, method, params }, bearer, env);
    return `${response.status} ${await response.text()}`;
  };
}

const resultOf = (answer: string): any => {
  const body = answer.slice(answer.indexOf(' ') + 1);
  const data = body.startsWith('{')
    ? body
    : (body
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .at(-1)
        ?.slice(5) ?? 'null');
  return (JSON.parse(data) as { result?: any } | null)?.result;
};

/**
 * Every answer a caller can get, in a fixed order (cursors followed as given), and among them the
 * document tools' answers, given warm: after requests that loaded the lists and resources.
 */
async function everyAnswer(
  plan: CorpusPlan,
  call: Call,
): Promise<{ answers: Answers; documentTools: Answers }> {
  const answers: Answers = [];
  const ask = async (label: string, method: string, params: unknown): Promise<string> => {
    const answer = await call(method, params);
    answers.push([label, answer]);
    return answer;
  };
  const tool = (name: string, args: Record<string, unknown>) =>
    ask(`${name} ${JSON.stringify(args)}`, 'tools/call', { name, arguments: args });

  await ask('initialize', 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'non-interference', version: '1.0.0' },
  });
  for (const method of ['tools/list', 'prompts/list', 'resources/templates/list'])
    await ask(method, method, {});
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const answer = await ask(
      `resources/list page ${page}`,
      'resources/list',
      cursor ? { cursor } : {},
    );
    cursor = resultOf(answer)?.nextCursor;
    if (!cursor) break;
  }
  const uris = [
    'career-context://current',
    'vitaegraph://index',
    ...plan.records.map((id) => `vitaegraph://record/${id}`),
    ...plan.wiki.map((module) => `vitaecontext://wiki/${module}`),
    'vitaegraph://record/absent',
  ];
  for (const uri of uris) await ask(`read ${uri}`, 'resources/read', { uri });

  const documentTools = await documentToolAnswers(plan, call);
  answers.push(...documentTools);
  await tool('search_vitaegraph', {});
  for (const query of plan.queries) await tool('search_vitaegraph', { query });
  for (const type of plan.recordTypes)
    await tool('search_vitaegraph', { type, query: plan.queries[0] });
  for (const tag of plan.tags) await tool('search_vitaegraph', { tag });
  for (const id of [...plan.records.slice(0, 16), 'absent']) {
    await tool('graph_neighbors', { id, depth: 3, direction: 'both' });
    await tool('graph_neighbors', { id, depth: 1, direction: 'in' });
  }
  await tool('get_career_context', { for: 'cv' });
  await tool('validate_career_context', {});
  await tool('list_templates', {});
  await tool('get_template', { template_name: 'readme' });
  await tool('fill_template', { template_name: 'architecture', values: { readme_summary: 'x' } });
  await tool('list_frameworks', {});
  for (const name of [...plan.frameworks, 'absent']) await tool('get_framework', { name });

  const candidates: Record<string, string[]> = {
    process: plan.processes,
    checklist: plan.checklists,
    record: plan.records.slice(0, 12),
    tone: ['calm', 'loud'],
  };
  for (const prompt of plan.prompts) {
    const [argument, other] = prompt.arguments;
    if (!argument) {
      await ask(`prompt ${prompt.name}`, 'prompts/get', { name: prompt.name, arguments: {} });
      continue;
    }
    for (const value of candidates[argument] ?? ['x']) {
      const args = {
        [argument]: value,
        ...(other ? { [other]: (candidates[other] ?? ['x'])[0] } : {}),
      };
      await ask(`prompt ${prompt.name} ${JSON.stringify(args)}`, 'prompts/get', {
        name: prompt.name,
        arguments: args,
      });
    }
    for (const name of prompt.arguments) {
      for (const value of ['', 'p', 'c', 'r', 'r-1', 'b']) {
        await ask(`complete ${prompt.name}.${name}=${value}`, 'completion/complete', {
          ref: { type: 'ref/prompt', name: prompt.name },
          argument: { name, value },
        });
      }
    }
  }
  for (const [uri, name] of [
    ['vitaegraph://record/{id}', 'id'],
    ['vitaecontext://wiki/{module}', 'module'],
  ]) {
    for (const value of ['', 'r', 'r-1', 's', 'o', 'g']) {
      await ask(`complete ${uri} ${value}`, 'completion/complete', {
        ref: { type: 'ref/resource', uri },
        argument: { name, value },
      });
    }
  }
  const health = await callWorker(new Request('http://localhost/healthz'));
  answers.push(['GET /healthz (no token)', `${health.status} ${await health.text()}`]);
  return { answers, documentTools };
}

/**
 * Every answer of the document tools (list, get of every name, search of every query with paging).
 * `fresh`: each call is the first request of a fresh isolate, which loads only what that one tool
 * needs (a search: no names object, its counts from the manifest's per-access counts).
 */
async function documentToolAnswers(plan: CorpusPlan, call: Call, fresh = false): Promise<Answers> {
  const answers: Answers = [];
  const tool = async (name: string, args: Record<string, unknown>): Promise<string> => {
    if (fresh) resetContentCache();
    const answer = await call('tools/call', { name, arguments: args });
    answers.push([`${name} ${JSON.stringify(args)}`, answer]);
    return answer;
  };
  for (const [kind, singular, names] of [
    ['processes', 'process', plan.processes],
    ['checklists', 'checklist', plan.checklists],
  ] as const) {
    await tool(`list_${kind}`, {});
    for (const name of [...names, 'absent-name']) await tool(`get_${singular}`, { name });
    for (const query of plan.queries) {
      const first = await tool(`search_${kind}`, { query, limit: 3 });
      const next = resultOf(first)?.structuredContent?.next_cursor;
      if (next) await tool(`search_${kind}`, { query, limit: 3, cursor: next });
      await tool(`search_${kind}`, { query });
    }
  }
  return answers;
}

/**
 * The answers read without the graph records: initialize, tools/list and each record's resource.
 * `fresh`: each is the first request of a fresh isolate (the manifest, the knowledge object and at
 * most one record chunk); otherwise all are asked after a request that loaded every record.
 */
async function listingAnswers(plan: CorpusPlan, call: Call, fresh: boolean): Promise<Answers> {
  const answers: Answers = [];
  const ask = async (label: string, method: string, params: unknown): Promise<void> => {
    if (fresh) resetContentCache();
    answers.push([label, await call(method, params)]);
  };
  if (!fresh) await call('resources/list', {});
  await ask('initialize', 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'non-interference', version: '1.0.0' },
  });
  await ask('tools/list', 'tools/list', {});
  for (const uri of [
    ...plan.records.map((id) => `vitaegraph://record/${id}`),
    'vitaegraph://record/absent',
    'vitaegraph://record/zzz-after-every-id',
  ])
    await ask(`read ${uri}`, 'resources/read', { uri });
  return answers;
}

// A paging cursor is `<body>.<tag>`: the body (version, query hash, offset) is compared like any
// text, but the tag is an HMAC keyed by the version's manifest hash — an identity of the version,
// like the version id itself, and so different for two bundles by construction. Each run feeds its
// own cursors back, so each tag is still checked by the bundle that issued it.
const CURSOR_TAG = /(eyJ[A-Za-z0-9_-]+)\.[A-Za-z0-9_-]{22}(?![A-Za-z0-9_-])/g;
const withoutCursorTags = (text: string): string => text.replace(CURSOR_TAG, '$1.<tag>');

/** Labels and both answers of every request whose answers differ. */
function differences(full: Answers, reduced: Answers): string[] {
  expect(full.map(([label]) => withoutCursorTags(label))).toEqual(
    reduced.map(([label]) => withoutCursorTags(label)),
  );
  return full.flatMap(([label, answer], i) => {
    const [mine, other] = [withoutCursorTags(answer), withoutCursorTags(reduced[i]![1])];
    return mine === other
      ? []
      : [
          `${label}\n    whole bundle:   ${mine.slice(0, 600)}\n    without hidden: ${other.slice(0, 600)}`,
        ];
  });
}

/** Fails naming how many answers differ, from which surfaces, and the first twelve of them. */
function expectSame(mine: Answers, other: Answers, how: string): void {
  const differing = differences(mine, other);
  expect(
    differing,
    `${how}: ${differing.length} of ${mine.length} answers differ (${summary(differing)}):\n${differing.slice(0, 12).join('\n')}`,
  ).toEqual([]);
}

/** "search_processes ×12, initialize ×1": which surfaces the differing answers came from. */
function summary(differing: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const label of differing) {
    const surface = label.split(/[\s\n]/, 1)[0]!;
    counts.set(surface, (counts.get(surface) ?? 0) + 1);
  }
  return [...counts].map(([surface, count]) => `${surface} ×${count}`).join(', ');
}

describe('non-interference: restricted entries change nothing a caller without their groups is told', () => {
  for (const { seed, plan, full, reduced } of inject('nonInterference')) {
    for (const { groups, bundle } of reduced) {
      const who = groups.length ? `holding ${groups.join(', ')}` : 'holding no group';
      // One test per caller: the warm answers of the whole bundle are also the reference its fresh
      // isolates' answers are held to, so they are asked once.
      it(
        `corpus ${seed}: answers a caller ${who} exactly as a bundle built without what it may not see, warm and when each document tool call is a fresh isolate's first request`,
        { timeout: 300_000 },
        async () => {
          // The corpus really holds something this caller may not see.
          expect(bundle.pointer.manifest).not.toBe(full.pointer.manifest);
          const { bearer, env } = await callerFor(groups);
          await publish(full, full.pointer);
          const { value: whole } = await captureConsole(() =>
            everyAnswer(plan, caller(bearer, env)),
          );
          await publish(bundle, full.pointer);
          const { value: without } = await captureConsole(() =>
            everyAnswer(plan, caller(bearer, env)),
          );
          expectSame(whole.answers, without.answers, 'warm');

          const { value: withoutFresh } = await captureConsole(() =>
            documentToolAnswers(plan, caller(bearer, env), true),
          );
          await publish(full, full.pointer);
          const { value: wholeFresh } = await captureConsole(() =>
            documentToolAnswers(plan, caller(bearer, env), true),
          );
          expectSame(wholeFresh, withoutFresh, 'each a fresh isolate’s first request');
          // And exactly as the same isolate answers them warm, after requests that loaded everything.
          expectSame(wholeFresh, whole.documentTools, 'fresh against warm, whole bundle');

          // initialize, tools/list and a record's resource read no record but the one looked up:
          // the same answers cold as with every record loaded, and nothing hidden shows either way.
          await publish(bundle, full.pointer);
          const { value: listingWithoutFresh } = await captureConsole(() =>
            listingAnswers(plan, caller(bearer, env), true),
          );
          await publish(full, full.pointer);
          const { value: listingFresh } = await captureConsole(() =>
            listingAnswers(plan, caller(bearer, env), true),
          );
          const { value: listingWarm } = await captureConsole(() =>
            listingAnswers(plan, caller(bearer, env), false),
          );
          expectSame(
            listingFresh,
            listingWithoutFresh,
            'listings, each a fresh isolate’s first request',
          );
          expectSame(listingFresh, listingWarm, 'listings fresh against every record loaded');
        },
      );
    }
  }
});
