import { getSession } from '../operations/get.ts';
import * as z from 'zod';
import { answering, localTool } from './local-tool.ts';
import { getResult } from './results.ts';

export const worktreeGet = localTool({
  name: 'worktree_get',
  description:
    'Trae e integra las modificaciones producidas en el worktree de sesión hacia el directorio de trabajo activo. Merges a session (its commits plus any uncommitted work) into the active working directory: by default as a merge commit naming the session; no_commit merges without committing; squash stages the combined changes for a single commit the human makes. Refuses, changing nothing, when the active tree is dirty, a merge/rebase/cherry-pick is in progress, the merge would conflict (the conflicted paths are returned), the merge would write over files the active tree ignores and does not track, such as a .env the session force-added (those paths are returned), or the .git file in the session folder no longer points at the git directory the repository keeps for it.',
  // Converted, the input schema is the worktree contract's, word for word.
  inputSchema: z.object({
    session_id: z.string().describe('Identificador único de la sesión de gz-ia.'),
    no_commit: z
      .boolean()
      .describe(
        'Deja los cambios preparados en el stage del repo principal sin comitear automáticamente.',
      )
      .optional(),
    squash: z
      .boolean()
      .describe('Condensa los cambios en un único commit sin conservar el historial intermedio.')
      .optional(),
  }),
  // It rewrites (and may delete) files of the active working tree — recoverable from git, but
  // not merely additive — and a second call would merge again, so neither hint is softened.
  annotations: {
    title: 'Merge a session into the active working directory',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
  run: (args, context) =>
    answering(async () =>
      getResult(
        await getSession(context.repoDir, args.session_id, {
          squash: args.squash === true,
          noCommit: args.no_commit === true,
        }),
      ),
    ),
});
