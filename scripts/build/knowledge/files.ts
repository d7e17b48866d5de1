// File helpers shared by the knowledge kinds: deterministic listing, strict UTF-8, LF line ends.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { realDirectoryInside } from '../content-folder.ts';
import type { BuildError } from '../errors.ts';
import { binaryContentError } from '../text-checks.ts';

export interface SourceFile {
  /** Relative to the kind folder, `/`-separated. */
  path: string;
  /** Absolute or content-relative file name for `file:line: message`. */
  file: string;
  bytes: number;
  text: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Files below `dir` whose names end in `extension`, sorted, decoded as UTF-8 with LF line ends.
 * Missing folders are simply empty kinds; symlinks and undecodable files become errors.
 */
export async function readSourceFiles(dir: string, extension: string, options: { root: string; recursive: boolean; maxBytes: number }, errors: BuildError[]): Promise<SourceFile[]> {
  const paths = await listFiles(options.root, dir, '', extension, options.recursive, errors);
  const files: SourceFile[] = [];
  for (const path of paths) {
    const file = join(dir, path);
    const info = await lstat(file);
    if (!info.isFile()) {
      errors.push({ file, line: 1, message: 'not a regular file (it changed while the build ran?): only plain files are read' });
      continue;
    }
    if (info.size > options.maxBytes) {
      errors.push({ file, line: 1, message: `file is ${info.size} bytes; the limit for this kind is ${options.maxBytes}: split or shorten it` });
      continue;
    }
    const bytes = new Uint8Array(await readFile(file));
    try {
      const text = utf8.decode(bytes).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
      const binary = binaryContentError(text, file);
      if (binary) errors.push(binary);
      else files.push({ path, file, bytes: bytes.byteLength, text });
    } catch {
      const lenient = new TextDecoder('utf-8').decode(bytes);
      errors.push({ file, line: lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD'))).split('\n').length, message: 'file is not valid UTF-8: save it as UTF-8' });
    }
  }
  return files;
}

/** Files below `dir`; each folder walked must resolve inside the content folder `root` (realDirectoryInside). */
async function listFiles(root: string, dir: string, prefix: string, extension: string, recursive: boolean, errors: BuildError[]): Promise<string[]> {
  const folder = await realDirectoryInside(root, join(dir, prefix));
  if (!folder.ok) {
    if (!folder.missing) errors.push(folder.error);
    return [];
  }
  const entries = await readdir(folder.real, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.')) continue;
    if (entry.isSymbolicLink()) {
      errors.push({ file: join(dir, path), line: 1, message: 'symbolic links are not followed: copy the file into the content folder' });
    } else if (entry.isDirectory()) {
      if (recursive) files.push(...await listFiles(root, dir, path, extension, recursive, errors));
      else errors.push({ file: join(dir, path), line: 1, message: 'sub-folders are not read here: move the files up into the kind folder' });
    } else if (entry.isFile() && entry.name.endsWith(extension)) {
      files.push(path);
    }
  }
  return files;
}

/** The first `# ` heading of Markdown, if any. */
export const firstHeading = (markdown: string): string | undefined => /^#\s+(.+?)\s*#*\s*$/m.exec(markdown)?.[1];

/** The first prose paragraph, flattened and cut to 200 characters. */
export function firstParagraph(markdown: string): string {
  const paragraph = markdown.split(/\n\s*\n/).map((block) => block.trim())
    .find((block) => block && !/^(#|```|~~~|[-*+>|]|\d+\.|<|---)/.test(block));
  const flat = (paragraph ?? '').replace(/\s+/g, ' ').replace(/\[\[([^\]|]*)(?:\|([^\]]*))?\]\]/g, (_, id, label) => label ?? id).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return flat.length <= 200 ? flat : `${flat.slice(0, 200).replace(/\s+\S*$/, '')}…`;
}
