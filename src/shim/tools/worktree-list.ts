import { listSessions } from '../operations/list.ts';
import * as z from 'zod';
import { READ_ONLY } from '../../shared/mcp/tool-annotations.ts';
import { answering, localTool } from './local-tool.ts';
import { listingResult } from './results.ts';

export const worktreeList = localTool({
  name: 'worktree_list',
  description:
    'Lists the session worktrees of the repository the shim serves: for each, its session_id (the worktree directory name; the last segment of its branch works too), branch, head commit, commits ahead of and behind the active branch, and whether it has uncommitted changes. Refuses, naming them, when the .git file of a session no longer points at the git directory the repository keeps for it.',
  inputSchema: z.object({}),
  annotations: { title: 'List session worktrees', ...READ_ONLY },
  run: (_args, context) =>
    answering(async () => listingResult(await listSessions(context.repoDir))),
});
