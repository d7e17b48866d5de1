// Objects stored in parts, in workerd with real KV: the fixture built with every object over 512
// characters in parts (names, knowledge, chunks, index heads and shards, bodies, graph indexes)
// answers every surface exactly as the same fixture stored whole — only the version differs.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isPartsList, partsOf } from '../../../src/bundle/object-parts.ts';
import { connectClient, publishProvided } from '../../helpers/workerd/helpers.ts';

const QUERIES = ['code review', 'deployment rollback', 'incident'];

async function everyAnswer(client: Client): Promise<unknown[]> {
  const answers: unknown[] = [
    await client.listTools(),
    await client.listResources(),
    await client.listPrompts(),
  ];
  for (const query of QUERIES) {
    answers.push(await client.callTool({ name: 'search_processes', arguments: { query } }));
    answers.push(await client.callTool({ name: 'search_checklists', arguments: { query } }));
    answers.push(await client.callTool({ name: 'search_vitaegraph', arguments: { query } }));
  }
  answers.push(await client.callTool({ name: 'list_processes', arguments: {} }));
  answers.push(await client.callTool({ name: 'get_process', arguments: { name: 'code-review' } }));
  answers.push(await client.callTool({ name: 'get_checklist', arguments: { name: 'release' } }));
  answers.push(
    await client.callTool({ name: 'get_template', arguments: { template_name: 'readme' } }),
  );
  answers.push(await client.callTool({ name: 'get_framework', arguments: { name: 'POWER' } }));
  for (const uri of [
    'vitaegraph://index',
    'vitaegraph://record/decision-stateless-mcp',
    'career-context://current',
    'vitaecontext://wiki/build',
  ]) {
    answers.push(await client.readResource({ uri }));
  }
  return answers;
}

/** The answers as JSON with the version's own identity (id, build time) replaced. */
const normalised = (answers: unknown[], pointer: { version: string; builtAt: string }) =>
  JSON.stringify(answers)
    .replaceAll(pointer.version, '<version>')
    .replaceAll(pointer.builtAt, '<builtAt>');

describe('objects stored in parts', () => {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it('the parted fixture really stores names, knowledge, chunks, bodies and index objects in parts, each part small', () => {
    const { pointer, objects } = inject('partedBundle');
    const stored = new Map(objects);
    const lists = objects.filter(([, value]) => isPartsList(value));
    expect(lists.length).toBeGreaterThan(20);
    for (const [, value] of objects)
      if (!isPartsList(value)) expect(value.length).toBeLessThanOrEqual(512);
    // The load list names the parts of what loading reads, so one bulk read fetches all of it.
    for (const hash of pointer.load) expect(stored.has(hash)).toBe(true);
    const manifestList = stored.get(pointer.manifest)!;
    expect(isPartsList(manifestList)).toBe(true);
    for (const part of partsOf(manifestList)) expect(pointer.load).toContain(part);
  });

  it('answers tools, resources and prompts exactly as the whole-object fixture does', async () => {
    await publishProvided('fixtureBundle');
    const whole = await connectClient();
    clients.push(whole);
    const expected = normalised(await everyAnswer(whole), inject('fixtureBundle').pointer);

    await publishProvided('partedBundle');
    const parted = await connectClient();
    clients.push(parted);
    const actual = normalised(await everyAnswer(parted), inject('partedBundle').pointer);
    expect(actual).toBe(expected);
    expect(actual).toContain('code-review');
  });
});
