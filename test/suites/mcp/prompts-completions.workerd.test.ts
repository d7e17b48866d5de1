// Prompts from content/prompts and completion/complete, through the official client in workerd.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, publishFixture } from '../../helpers/workerd/helpers.ts';

describe.each(['modern', 'legacy'] as const)(
  'prompts and completions over the %s protocol',
  (era) => {
    let client: Client;
    beforeAll(async () => {
      await publishFixture();
      client = await connectClient(era);
    });
    afterAll(() => client?.close());

    it("lists the VitaeContext contract's four prompts with their arguments, plus the process prompts, each described", async () => {
      const { prompts } = await client.listPrompts();
      const byName = Object.fromEntries(prompts.map((prompt) => [prompt.name, prompt]));
      expect(Object.keys(byName).sort()).toEqual([
        'career_context_intake',
        'cv_tailoring',
        'follow_process',
        'github_showcase',
        'linkedin_audit',
        'run_checklist',
        'write_document',
      ]);
      for (const prompt of prompts) expect(prompt.description).toBeTruthy();
      expect(byName.cv_tailoring!.arguments).toEqual([
        { name: 'targetRole', description: expect.any(String), required: true },
        { name: 'jobDescription', description: expect.any(String), required: false },
      ]);
      expect(byName.linkedin_audit!.arguments?.map((arg) => [arg.name, arg.required])).toEqual([
        ['profileSnapshot', false],
      ]);
      expect(byName.github_showcase!.arguments?.map((arg) => [arg.name, arg.required])).toEqual([
        ['focus', false],
      ]);
      expect(
        byName.career_context_intake!.arguments?.map((arg) => [arg.name, arg.required]),
      ).toEqual([['rawNotes', false]]);
    });

    it('cv_tailoring renders its arguments and embeds the career context as a resource', async () => {
      const { messages } = await client.getPrompt({
        name: 'cv_tailoring',
        arguments: { targetRole: 'Staff Platform Engineer' },
      });
      const first = messages[0]!.content as { type: string; text: string };
      expect(first.text).toContain('**Staff Platform Engineer**');
      expect(first.text).toContain('No job description was given');
      expect(first.text).not.toMatch(/\{\{/);
      expect(messages[1]!.content).toMatchObject({
        type: 'resource',
        resource: {
          uri: 'career-context://current',
          mimeType: 'text/markdown',
          text: expect.stringContaining('## Experience'),
        },
      });
      const withJob = await client.getPrompt({
        name: 'cv_tailoring',
        arguments: { targetRole: 'SRE', jobDescription: 'Run Kubernetes.' },
      });
      expect((withJob.messages[0]!.content as { text: string }).text).toContain('Run Kubernetes.');
    });

    it('a missing required argument or an unknown prompt is -32602', async () => {
      await expect(client.getPrompt({ name: 'cv_tailoring', arguments: {} })).rejects.toMatchObject(
        { code: -32602 },
      );
      await expect(
        client.getPrompt({ name: 'no_such_prompt', arguments: {} }),
      ).rejects.toMatchObject({ code: -32602 });
      await expect(
        client.getPrompt({ name: 'run_checklist', arguments: { checklist: 'nope', change: 'x' } }),
      ).rejects.toMatchObject({ code: -32602 });
    });

    it('run_checklist embeds the named checklist so the agent can walk it', async () => {
      const { messages } = await client.getPrompt({
        name: 'run_checklist',
        arguments: { checklist: 'release', change: 'Bump version to 2.0' },
      });
      expect((messages[0]!.content as { text: string }).text).toContain('Bump version to 2.0');
      expect((messages[1]!.content as { text: string }).text).toMatch(/checklist 'release'/);
    });

    it('completes prompt arguments from the bundle: prefix match, ranked, capped', async () => {
      const complete = async (name: string, argument: string, value: string) =>
        (
          await client.complete({
            ref: { type: 'ref/prompt', name },
            argument: { name: argument, value },
          })
        ).completion;
      expect((await complete('run_checklist', 'checklist', '')).values).toEqual([
        'code-review',
        'release',
      ]);
      expect((await complete('run_checklist', 'checklist', 're')).values).toEqual([
        'release',
        'code-review',
      ]);
      expect((await complete('follow_process', 'process', 'dep')).values).toEqual(['deployment']);
      expect((await complete('write_document', 'template', 'a')).values).toEqual([
        'api',
        'architecture',
      ]);
      expect((await complete('cv_tailoring', 'targetRole', 'x')).values).toEqual([]);
    });

    it('completes resource template variables: record ids and wiki modules, hiding restricted ones', async () => {
      const ids = (
        await client.complete({
          ref: { type: 'ref/resource', uri: 'vitaegraph://record/{id}' },
          argument: { name: 'id', value: 'project' },
        })
      ).completion;
      expect(ids.values).toEqual([
        'project-praxis-edge',
        'project-praxis-shim',
        'project-content-build',
      ]);
      const modules = (
        await client.complete({
          ref: { type: 'ref/resource', uri: 'vitaecontext://wiki/{module}' },
          argument: { name: 'module', value: '' },
        })
      ).completion;
      expect(modules.values).toEqual(['build', 'vitaecontext', 'vitaegraph']);
    });
  },
);
