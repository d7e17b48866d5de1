// A secret's value for `wrangler secret put`: from the environment variable of the same name (CI),
// else typed at a terminal without echo. Never logged, never written to a file.
import { createInterface } from 'node:readline';

export function secretFromEnvironment(name: string): string | undefined {
  const value = process.env[name];
  return value && value.length > 0 ? value : undefined;
}

export function canAsk(): boolean {
  return Boolean(process.stdin.isTTY && process.stderr.isTTY);
}

export function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const terminal = createInterface({
      input: process.stdin,
      output: process.stderr,
      terminal: true,
    });
    let asked = false;
    const write = terminal as unknown as { _writeToOutput: (text: string) => void };
    write._writeToOutput = (text: string) => {
      if (!asked) process.stderr.write(text);
    };
    terminal.question(question, (answer) => {
      process.stderr.write('\n');
      terminal.close();
      resolve(answer.trim());
    });
    asked = true;
  });
}
