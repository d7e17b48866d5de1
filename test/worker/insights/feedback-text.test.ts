// What of a report feedback stores (src/worker/insights/feedback-text.ts): the problem with its case
// and lines kept but never a credential, control characters dropped, capped; the document as a
// normalised name.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../../src/shared/auth/local-token.ts';
import {
  MAX_DOCUMENT_NAME_CHARS,
  MAX_PROBLEM_CHARS,
  storedDocument,
  storedProblem,
} from '../../../src/worker/insights/feedback-text.ts';
import { fuzzRuns } from '../../helpers/fuzz-runs.ts';

describe('storedProblem', () => {
  it('keeps case and line breaks (CRLF and CR become LF), trims the ends', () => {
    expect(storedProblem('  Step 3 is WRONG.\r\n\r\nIt says X.\rIt is Y.  ')).toBe(
      'Step 3 is WRONG.\n\nIt says X.\nIt is Y.',
    );
  });

  it('drops control characters but tab and newline', () => {
    expect(storedProblem('a\u0000b\u001b[2Kc\u007fd\u009be\tf\ng')).toBe('ab[2Kcde\tf\ng');
  });

  it('redacts every token-like string the usage events redact', async () => {
    const token = await issueLocalToken('s'.repeat(40), 'alice', ['praxis-authors']);
    const stored = storedProblem(
      `Paste: ${token}\nAuthorization: Bearer abc.def\nkey ${'deadbeef'.repeat(5)} and alice:grant123:secret0123456789ab`,
    );
    expect(stored).toBe(
      'Paste: [redacted]\nAuthorization: [redacted]\nkey [redacted] and [redacted]',
    );
  });

  it(`is at most ${MAX_PROBLEM_CHARS} characters`, () => {
    expect(storedProblem('word '.repeat(1000))).toHaveLength(MAX_PROBLEM_CHARS - 1);
    // Redaction can lengthen a short credential; the cap still holds.
    expect(storedProblem('bearer x '.repeat(250)).length).toBeLessThanOrEqual(MAX_PROBLEM_CHARS);
  });

  it('never keeps a development token, whatever surrounds it', async () => {
    const token = await issueLocalToken('s'.repeat(40), 'someone');
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (before, after) => {
        expect(storedProblem(`${before} ${token} ${after}`)).not.toContain(token.slice(0, 24));
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});

describe('storedDocument', () => {
  it('normalises as the get tools do; null for none or for nothing of a name', () => {
    expect(storedDocument('  Code Review ')).toBe('code-review');
    expect(storedDocument('Deploy & Release')).toBe('deploy-release');
    expect(storedDocument(undefined)).toBeNull();
    expect(storedDocument('!!!')).toBeNull();
  });

  it(`reads at most ${MAX_DOCUMENT_NAME_CHARS} characters`, () => {
    expect(storedDocument('a'.repeat(500))).toHaveLength(MAX_DOCUMENT_NAME_CHARS);
  });
});
