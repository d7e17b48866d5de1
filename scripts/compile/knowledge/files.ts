// File helpers shared by the knowledge kinds: deterministic listing, strict UTF-8, LF line ends.
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BuildError } from '../errors.ts';
import { listFolderFiles } from '../folder-walk.ts';
import { binaryContentError } from '../text-checks.ts';
import { firstAtxHeading, TITLE_HEADING } from '../../../src/bundle/markdown/atx-heading.ts';
import { inlineLinksAsLabels } from '../../../src/bundle/markdown/inline-syntax.ts';
import { wikiLinksAsText } from './wiki-link-text.ts';

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
export async function readSourceFiles(
  dir: string,
  extension: string,
  options: { root: string; recursive: boolean; maxBytes: number },
  errors: BuildError[],
): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for await (const file of sourceFilesOf(dir, extension, options, errors)) files.push(file);
  return files;
}

/** readSourceFiles one file at a time, for a build that keeps no file's text once it has used it. */
export async function* sourceFilesOf(
  dir: string,
  extension: string,
  options: { root: string; recursive: boolean; maxBytes: number },
  errors: BuildError[],
): AsyncGenerator<SourceFile> {
  const paths = await listFolderFiles(
    dir,
    {
      root: options.root,
      accepts: (name) => name.endsWith(extension),
      subfolders: options.recursive ? 'walk' : 'refuse',
      hidden: 'all',
    },
    errors,
  );
  for (const path of paths) {
    const file = join(dir, path);
    const info = await lstat(file);
    if (!info.isFile()) {
      errors.push({
        file,
        line: 1,
        message: 'not a regular file (it changed while the build ran?): only plain files are read',
      });
      continue;
    }
    if (info.size > options.maxBytes) {
      errors.push({
        file,
        line: 1,
        message: `file is ${info.size} bytes; the limit for this kind is ${options.maxBytes}: split or shorten it`,
      });
      continue;
    }
    const bytes = new Uint8Array(await readFile(file));
    try {
      const text = utf8
        .decode(bytes)
        .replace(/^\uFEFF/, '')
        .replace(/\r\n?/g, '\n');
      const binary = binaryContentError(text, file);
      if (binary) errors.push(binary);
      else yield { path, file, bytes: bytes.byteLength, text };
    } catch {
      const lenient = new TextDecoder('utf-8').decode(bytes);
      errors.push({
        file,
        line: lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD'))).split('\n').length,
        message: 'file is not valid UTF-8: save it as UTF-8',
      });
    }
  }
}

/** The first `# ` heading of Markdown, if any. */
export const firstHeading = (markdown: string): string | undefined =>
  firstAtxHeading(markdown, TITLE_HEADING);

/** The first prose paragraph, flattened and cut to 200 characters. */
export function firstParagraph(markdown: string): string {
  const paragraph = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block && !/^(#|```|~~~|[-*+>|]|\d+\.|<|---)/.test(block));
  const flat = inlineLinksAsLabels(wikiLinksAsText((paragraph ?? '').replace(/\s+/g, ' ')), {
    imageMark: false,
  });
  // The cut drops the last, partial word; a match starts only where a whitespace run starts.
  return flat.length <= 200 ? flat : `${flat.slice(0, 200).replace(/(?<!\s)\s+\S*$/, '')}…`;
}
