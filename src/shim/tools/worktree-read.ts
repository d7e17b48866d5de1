import { readSession } from '../operations/read.ts';
import { answering, type LocalTool } from './local-tool.ts';
import { changesResult } from './results.ts';

export const worktreeRead: LocalTool = {
  definition: {
    name: 'worktree_read',
    description:
      "Inspecciona el contenido y diff actual de un worktree de sesión de gz-ia sin alterar el workspace base. Shows a session's changes against its merge base with the active branch — commits plus staged, unstaged and untracked files — as a unified diff, or with stat_only as per-file counts and totals. Read-only: neither working tree nor index changes. session_id is the worktree directory name or the last segment of its branch (see worktree_list). Refuses a session whose .git file no longer points at the git directory the repository keeps for it; git runs no filter, diff driver, hook or other configured program on the session's files.",
    // The input schema is spec 002's, word for word.
    inputSchema: {
      type: 'object',
      properties: {
        session_id: { type: 'string', description: 'Identificador único de la sesión de gz-ia.' },
        stat_only: { type: 'boolean', description: 'Si es true, muestra únicamente el resumen estadístico de archivos modificados.' },
      },
      required: ['session_id'],
    },
    annotations: { title: 'Read a session worktree', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  run: (args, context) =>
    answering(async () => {
      const statOnly = args.stat_only === true;
      return changesResult(await readSession(context.repoDir, args.session_id, { statOnly }), statOnly);
    }),
};
