// The one folder walk of the build: files below a kind folder, relative and in code-unit order so a
// bundle never depends on the build machine's locale. Symlinks are refused, and each folder walked
// must resolve to a place inside the content folder (realDirectoryInside).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { realDirectoryInside } from './content-folder.ts';
import type { BuildError } from './errors.ts';

export interface FolderWalk {
  /** The content folder every walked folder must resolve inside. */
  root: string;
  /** Whether a file with this name is listed. */
  accepts(name: string): boolean;
  /** `walk`: descend into sub-folders; `refuse`: a sub-folder is an error. */
  subfolders: 'walk' | 'refuse';
  /** `all`: names starting with `.` are passed over, files and folders alike; `folders`: only folders are. */
  hidden: 'all' | 'folders';
}

/** Code-unit order: the same on every machine, whatever its ICU or locale. */
export const codeUnitOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Files below `dir`, `/`-separated and relative to it, sorted; a missing folder is empty. */
export async function listFolderFiles(
  dir: string,
  walk: FolderWalk,
  errors: BuildError[],
  prefix = '',
): Promise<string[]> {
  const folder = await realDirectoryInside(walk.root, join(dir, prefix));
  if (!folder.ok) {
    if (!folder.missing) errors.push(folder.error);
    return [];
  }
  const entries = await readdir(folder.real, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => codeUnitOrder(a.name, b.name))) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    const hidden = entry.name.startsWith('.');
    if (hidden && walk.hidden === 'all') continue;
    if (entry.isSymbolicLink()) {
      errors.push({
        file: join(dir, path),
        line: 1,
        message: 'symbolic links are not followed: copy the file into the content folder',
      });
    } else if (entry.isDirectory()) {
      if (hidden) continue;
      if (walk.subfolders === 'walk')
        files.push(...(await listFolderFiles(dir, walk, errors, path)));
      else
        errors.push({
          file: join(dir, path),
          line: 1,
          message: 'sub-folders are not read here: move the files up into the kind folder',
        });
    } else if (entry.isFile() && walk.accepts(entry.name)) {
      files.push(path);
    }
  }
  return files;
}
