// The shell commands written in README.md and docs/*.md, and whether each is one that something runs.
//
// A fenced block tagged `sh`, `bash`, `shell` or `zsh` (or `console`, whose commands are the lines
// starting with `$ `) must carry one of two marks after its language:
//   ```sh runnable                      the docs check runs every command of the block, in order, in a
//                                       temporary copy of the checkout after a fresh `praxis build`;
//   ```sh covered-by=FILE[,FILE…]       a long-running or slow command (`npm start`, `npm test`,
//                                       `praxis publish`): one of the named tests or scripts runs it, so
//                                       each command must appear in those files word for word, or as
//                                       the argv a test passes (see runsCommand).
// A shell block with neither mark is an error naming the file and line. Commands that only make
// sense with the reader's own values (a URL, an account) belong in the prose, not in a shell block.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SHELL_LANGUAGES = new Set(['sh', 'bash', 'shell', 'zsh', 'console']);

export interface DocumentedCommand {
  /** The command as a shell reads it: continuation lines joined, trailing comment removed. */
  text: string;
  /** 1-based line in the Markdown file where the command starts. */
  line: number;
}

export interface ShellBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  mark: { kind: 'runnable' } | { kind: 'covered'; by: string[] } | { kind: 'none' };
  commands: DocumentedCommand[];
}

export interface Problem {
  file: string;
  line: number;
  message: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)(.*)$/;

/** Every shell block of one Markdown text, with its mark and commands. */
export function shellBlocks(file: string, markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const fence = open[1]!;
    const language = open[2]!.toLowerCase();
    const body: Array<{ text: string; line: number }> = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = FENCE.exec(lines[j]!);
      if (
        close &&
        close[1]![0] === fence[0] &&
        close[1]!.length >= fence.length &&
        close[2] === '' &&
        close[3]!.trim() === ''
      )
        break;
      body.push({ text: lines[j]!, line: j + 1 });
    }
    if (SHELL_LANGUAGES.has(language)) {
      blocks.push({
        file,
        line: i + 1,
        mark: markOf(open[3]!),
        commands: commandsOf(body, language === 'console'),
      });
    }
    i = j;
  }
  return blocks;
}

function markOf(info: string): ShellBlock['mark'] {
  const words = info.trim().split(/\s+/).filter(Boolean);
  if (words.includes('runnable')) return { kind: 'runnable' };
  const covered = words.find((word) => word.startsWith('covered-by='));
  if (covered)
    return { kind: 'covered', by: covered.slice('covered-by='.length).split(',').filter(Boolean) };
  return { kind: 'none' };
}

function commandsOf(
  body: Array<{ text: string; line: number }>,
  console: boolean,
): DocumentedCommand[] {
  const commands: DocumentedCommand[] = [];
  let pending: DocumentedCommand | undefined;
  for (const { text, line } of body) {
    let source = text;
    if (!pending) {
      if (console) {
        if (!source.startsWith('$ ')) continue;
        source = source.slice(2);
      }
      if (source.trim() === '' || source.trim().startsWith('#')) continue;
    }
    const continues = /\\\s*$/.test(source);
    const part = withoutComment(source.replace(/\\\s*$/, '')).trim();
    pending = pending
      ? { text: `${pending.text} ${part}`, line: pending.line }
      : { text: part, line };
    if (!continues) {
      commands.push(pending);
      pending = undefined;
    }
  }
  if (pending) commands.push(pending);
  return commands;
}

/** The line without a trailing `# comment` (a `#` outside quotes, after whitespace). */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"') i++;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '\\') i++;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i);
  }
  return line;
}

/** A command as a file that runs it would spell it: one space between words. */
export function normalised(command: string): string {
  return command.replace(/\s+/g, ' ').trim();
}

/**
 * The problems that need no command to run: unmarked blocks, empty blocks, named files that do not
 * exist, and covered commands that none of their named files contains.
 */
export async function markProblems(root: string, blocks: ShellBlock[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const block of blocks) {
    if (block.mark.kind === 'none') {
      problems.push({
        file: block.file,
        line: block.line,
        message:
          "shell block is marked neither `runnable` nor `covered-by=<test or script>`: mark it, or move a command that needs the reader's own values into the prose",
      });
      continue;
    }
    if (block.commands.length === 0) {
      problems.push({ file: block.file, line: block.line, message: 'shell block has no command' });
      continue;
    }
    if (block.mark.kind !== 'covered') continue;
    if (block.mark.by.length === 0) {
      problems.push({ file: block.file, line: block.line, message: '`covered-by=` names no file' });
      continue;
    }
    const texts: string[] = [];
    for (const path of block.mark.by) {
      try {
        texts.push(await readFile(join(root, path), 'utf8'));
      } catch {
        problems.push({
          file: block.file,
          line: block.line,
          message: `covered-by names ${path}, which does not exist`,
        });
      }
    }
    if (texts.length < block.mark.by.length) continue;
    for (const command of block.commands) {
      for (const part of command.text.split(/\s+&&\s+/)) {
        if (!runsCommand(texts.join('\n'), part)) {
          problems.push({
            file: block.file,
            line: command.line,
            message: `\`${part}\` is not run by ${block.mark.by.join(' or ')} (none of them contains it)`,
          });
        }
      }
    }
  }
  return problems;
}

/**
 * Whether a test or script's text runs the command: word for word, or as the argv a test passes —
 * the program (for `praxis`, the CLI's path), the subcommand and each `-option` quoted
 * ('publish', '--local'); the values are the test's own (it cannot use the reader's paths or URLs).
 */
export function runsCommand(fileText: string, command: string): boolean {
  if (normalised(fileText).includes(normalised(command))) return true;
  const words = command
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^['"]|['"]$/g, ''));
  if (words[0] === 'npx') words.shift();
  const quoted = (word: string) => fileText.includes(`'${word}'`) || fileText.includes(`"${word}"`);
  let program: boolean;
  if (words[0] === 'praxis' || (words[0] === 'node' && words[1] === 'bin/praxis.mjs')) {
    words.splice(0, words[0] === 'praxis' ? 1 : 2);
    program =
      ['bin/praxis.mjs', 'scripts/cli/main.ts'].some((path) => fileText.includes(path)) ||
      quoted('praxis');
  } else {
    program = quoted(words.shift() ?? '');
  }
  const [subcommand, ...rest] = words;
  if (!program || !subcommand || subcommand.startsWith('-')) return false;
  return (
    quoted(subcommand) &&
    rest.filter((word) => word.startsWith('-')).every((option) => quoted(option.split('=')[0]!))
  );
}

export function formatProblems(problems: Problem[]): string {
  return problems
    .map((problem) => `${problem.file}:${problem.line}: ${problem.message}`)
    .join('\n');
}
