import { readSession } from '../operations/read.ts';
import * as z from 'zod';
import { READ_ONLY } from '../../shared/mcp/tool-annotations.ts';
import { answering, localTool } from './local-tool.ts';
import { changesResult } from './results.ts';

export const worktreeRead = localTool({
  name: 'worktree_read',
  description:
    "Inspecciona el contenido y diff actual de un worktree de sesión de gz-ia sin alterar el workspace base. Shows a session's changes against its merge base with the active branch — commits plus staged, unstaged and untracked files — as a unified diff, or with stat_only as per-file counts and totals. Read-only: neither working tree nor index changes. session_id is the worktree directory name or the last segment of its branch (see worktree_list). Refuses a session whose .git file no longer points at the git directory the repository keeps for it; git runs no filter, diff driver, hook or other configured program on the session's files.",
  // Converted, the input schema is the worktree contract's, word for word.
  inputSchema: z.object({
    session_id: z.string().describe('Identificador único de la sesión de gz-ia.'),
    stat_only: z
      .boolean()
      .describe('Si es true, muestra únicamente el resumen estadístico de archivos modificados.')
      .optional(),
  }),
  annotations: { title: 'Read a session worktree', ...READ_ONLY },
  run: (args, context) =>
    answering(async () => {
      const statOnly = args.stat_only === true;
      return changesResult(
        await readSession(context.repoDir, args.session_id, { statOnly }),
        statOnly,
      );
    }),
});
