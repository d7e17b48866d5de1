// With PRAXIS_TEST_CPU=<file>, every node test file appends one line there: the vitest process, the
// file, when it started and ended, the CPU the file spent in that process and the CPU of the
// processes it started and reaped (/proc/self/stat: a killed group's grandchildren that were
// reparented are not counted). Where the suite's time goes, per file: docs/testing.md.
import { appendFileSync, readFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';
import { afterAll, beforeAll, expect } from 'vitest';

const OUT = process.env.PRAXIS_TEST_CPU;

/** CPU milliseconds of this process's reaped children (Linux; 0 elsewhere). */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
}

if (OUT) {
  let started = 0;
  let self = cpuUsage();
  let children = 0;
  beforeAll(() => {
    started = Date.now();
    self = cpuUsage();
    children = childrenCpuMs();
  });
  afterAll(() => {
    const used = cpuUsage(self);
    const file = expect.getState().testPath ?? '?';
    appendFileSync(
      OUT,
      `${process.pid}\t${file}\t${started}\t${Date.now()}\t${Math.round((used.user + used.system) / 1000)}\t${Math.round(childrenCpuMs() - children)}\n`,
    );
  });
}
