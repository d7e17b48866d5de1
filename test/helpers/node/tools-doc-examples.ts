// The example calls docs/tools.md shows, each with the person who makes it: alice (group
// engineering) and bob (no group) are `npm start`'s development users; `nobody` sends no token.
// The page marks each example's answer with `<!-- answer: <id> -->` … `<!-- /answer -->`, and
// test/suites/docs/tools-doc.test.ts fills those blocks with what the running program answers.

export type Caller = 'alice' | 'bob' | 'nobody';

/**
 * `result`: sent by the official MCP client, the page shows the result (a tool's structured content,
 * or its text when the tool answers in text). `wire`: sent as a bare HTTP request with the caller's
 * token and no protocol header, the page shows the HTTP status and the body, as a client receives them.
 */
export type Shown = 'result' | 'wire';

export interface Example {
  id: string;
  as: Caller;
  method: 'tools/call' | 'resources/read' | 'prompts/get' | 'completion/complete' | 'tools/list';
  params: Record<string, unknown>;
  shown: Shown;
}

const tool = (id: string, as: Caller, name: string, args: Record<string, unknown>): Example => ({
  id,
  as,
  method: 'tools/call',
  params: { name, arguments: args },
  shown: 'result',
});

export const TOOLS_DOC_EXAMPLES: readonly Example[] = [
  { id: 'no-token', as: 'nobody', method: 'tools/list', params: {}, shown: 'wire' },
  tool('search-processes', 'alice', 'search_processes', {
    query: 'roll back a bad deploy',
    limit: 2,
  }),
  tool('get-process', 'alice', 'get_process', { name: 'Code Review' }),
  tool('get-process-not-found', 'alice', 'get_process', { name: 'nope' }),
  tool('list-checklists-alice', 'alice', 'list_checklists', {}),
  tool('get-checklist-restricted-alice', 'alice', 'get_checklist', { name: 'production-access' }),
  tool('get-checklist-restricted-bob', 'bob', 'get_checklist', { name: 'production-access' }),
  tool('list-templates', 'bob', 'list_templates', {}),
  tool('fill-template', 'bob', 'fill_template', {
    template_name: 'architecture',
    values: { readme_summary: 'Praxis serves team knowledge over MCP.' },
  }),
  tool('list-frameworks', 'bob', 'list_frameworks', {}),
  tool('get-framework', 'bob', 'get_framework', { name: 'costar' }),
  tool('get-career-context', 'bob', 'get_career_context', { for: 'cv' }),
  tool('validate-career-context', 'bob', 'validate_career_context', {}),
  tool('graph-neighbors', 'bob', 'graph_neighbors', { id: 'skill-typescript', depth: 1 }),
  tool('search-vitaegraph', 'bob', 'search_vitaegraph', { query: 'typescript' }),
  tool('report-problem', 'bob', 'report_problem', {
    category: 'outdated',
    document: 'deployment',
    problem:
      'The canary step says 5% of traffic for fifteen minutes; the pipeline now uses 10% for ten.',
  }),
  {
    id: 'read-record',
    as: 'bob',
    method: 'resources/read',
    shown: 'result',
    params: { uri: 'vitaegraph://record/skill-typescript' },
  },
  {
    id: 'read-unknown-record',
    as: 'bob',
    method: 'resources/read',
    shown: 'wire',
    params: { uri: 'vitaegraph://record/nope' },
  },
  {
    id: 'prompt-run-checklist',
    as: 'bob',
    method: 'prompts/get',
    shown: 'result',
    params: { name: 'run_checklist', arguments: { checklist: 'release', change: 'Bump to 2.0.0' } },
  },
  {
    id: 'prompt-missing-argument',
    as: 'bob',
    method: 'prompts/get',
    shown: 'wire',
    params: { name: 'run_checklist', arguments: { checklist: 'release' } },
  },
  {
    id: 'complete-checklist-bob',
    as: 'bob',
    method: 'completion/complete',
    shown: 'result',
    params: {
      ref: { type: 'ref/prompt', name: 'run_checklist' },
      argument: { name: 'checklist', value: 'p' },
    },
  },
  {
    id: 'complete-checklist-alice',
    as: 'alice',
    method: 'completion/complete',
    shown: 'result',
    params: {
      ref: { type: 'ref/prompt', name: 'run_checklist' },
      argument: { name: 'checklist', value: 'p' },
    },
  },
];
