// The command line's one boundary for errors: what a command threw becomes what the person sees and
// the exit status. The Praxis error family is expected (a message meant for them, one line or a few);
// anything else is a bug, and Node prints it with its stack.
import { PraxisError } from '../../src/shared/praxis-error.ts';
import { UsageError } from './command.ts';

/** The lines to print and the exit status for `error`, thrown by `praxis <command>`; undefined for a bug. */
export function exitStatusOf(
  error: unknown,
  command: string,
  usage: string,
): { message: string; status: number } | undefined {
  if (error instanceof UsageError)
    return { message: `praxis ${command}: ${error.message}\n\n${usage}`, status: 2 };
  if (error instanceof PraxisError)
    return { message: `praxis ${command}: ${error.message}`, status: 1 };
  return undefined;
}
