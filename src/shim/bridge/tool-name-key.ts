// Two tool names that a person or a model could take for one another share this key: compatibility
// forms folded (NFKC: fullwidth letters, ligatures), case folded, and every whitespace, invisible,
// control or format character and the separators `_`, `-` and `.` dropped. `Worktree_List`,
// `worktree_list `, `worktree\u200b_list` and `worktree-list` all read as `worktree_list`.

const IGNORED_IN_NAMES = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}_.-]/gu;

export function toolNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFKC').replace(IGNORED_IN_NAMES, '');
}
