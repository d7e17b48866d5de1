// Hostile: report_problem must not tell a caller whether a document they may not see exists. Its
// answer is the same, byte for byte, whether `document` names a document the caller sees, one
// restricted to a group they are not in, one that does not exist, or nothing — for a caller without
// the group and one with it — and the name is stored as given (normalised), never looked up.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import {
  callWorker,
  mcpRequest,
  publishFixture,
  settleBackgroundWork,
  testEnv,
} from '../../helpers/workerd/helpers.ts';
import { clearFeedback, storedFeedback } from '../../helpers/workerd/insights-helpers.ts';

/** The fixture's restricted process (test/fixtures/content/processes/restricted.md). */
const RESTRICTED = 'security-incident-playbook';
const NAMED: Array<string | undefined> = [
  'deployment',
  RESTRICTED,
  'Security Incident Playbook',
  'no-such-process',
  undefined,
];

beforeAll(publishFixture);
beforeEach(clearFeedback);

/** The raw answer (status, content type, body) to one report, sent with the same JSON-RPC id. */
async function answerTo(document: string | undefined, subject: string, groups: string[]) {
  const bearer = await issueLocalToken(testEnv.PRAXIS_LOCAL_SECRET!, subject, groups);
  const body = {
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/call',
    params: {
      name: 'report_problem',
      arguments: {
        category: 'wrong',
        problem: 'Step 3 names a dashboard that was retired.',
        ...(document === undefined ? {} : { document }),
      },
    },
  };
  const response = await callWorker(mcpRequest(body, { bearer }));
  const text = await response.text();
  await settleBackgroundWork();
  return `${response.status} ${response.headers.get('content-type')} ${text}`;
}

describe('report_problem and restricted documents', () => {
  it.each([
    ['a caller without the group', []],
    ['a caller in the group', ['security-team']],
  ])('%s gets one answer whatever the document names', async (_who, groups) => {
    const answers: string[] = [];
    // A fresh caller per report, so the hourly cap plays no part in the comparison.
    for (const [i, document] of NAMED.entries())
      answers.push(await answerTo(document, `prober-${groups.length}-${i}`, groups));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^200 /);
    expect(answers[0]).toContain('"recorded":true');
    expect(answers[0]).not.toMatch(/security|playbook|no-such|deployment/i);
  });

  it('the two callers get the same answer too', async () => {
    expect(await answerTo(RESTRICTED, 'outsider', [])).toBe(
      await answerTo(RESTRICTED, 'insider', ['security-team']),
    );
  });

  it('stores the names as given, normalised, whether or not they exist or may be seen', async () => {
    for (const [i, document] of NAMED.entries()) await answerTo(document, `storer-${i}`, []);
    expect((await storedFeedback()).map((row) => row.document)).toEqual([
      'deployment',
      RESTRICTED,
      RESTRICTED,
      'no-such-process',
      null,
    ]);
  });
});
