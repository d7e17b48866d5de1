import { parseArgs, type ParseArgsConfig } from 'node:util';
import { PraxisError } from '../../src/shared/praxis-error.ts';

/** The shape every `praxis` subcommand module exports. */
export interface Command {
  usage: string;
  run(argv: string[]): Promise<number>;
}

/** Thrown for bad command-line input; main prints it with the command's usage and exits 2. */
export class UsageError extends PraxisError {
  static override code = 'ERR_USAGE';
  override readonly code = 'ERR_USAGE';
}

/** node:util parseArgs with strict checking, turning its errors into UsageError. */
export function parseOptions<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
