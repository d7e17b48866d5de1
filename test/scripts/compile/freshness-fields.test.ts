// owner, reviewed and review_days in a document's front matter: kept when right, a build error at
// the key's line when wrong, and unknown keys still refused.
import { describe, expect, it } from 'vitest';
import { parseDocumentFile } from '../../../scripts/compile/parse-document.ts';

const parse = (front: string) =>
  parseDocumentFile(
    'processes',
    'deploy.md',
    new TextEncoder().encode(`---\nname: deploy\n${front}---\n# Deploy\n\nShip it.\n`),
    'processes/deploy.md',
  );

describe('freshness front matter', () => {
  it('keeps owner, reviewed and review_days, and points stale warnings at the reviewed line', () => {
    const parsed = parse('owner: " platform-team "\nreviewed: 2026-03-01\nreview_days: 90\n');
    expect(parsed.ok && parsed.document).toMatchObject({
      owner: 'platform-team',
      reviewed: '2026-03-01',
      reviewDays: 90,
      freshnessLine: 4,
    });
  });

  it('leaves them absent when not written', () => {
    const parsed = parse('');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.document).not.toHaveProperty('owner');
    expect(parsed.document).not.toHaveProperty('reviewed');
    expect(parsed.document).not.toHaveProperty('reviewDays');
  });

  it.each([
    ['owner:\n', 3, "'owner' must be a non-empty name"],
    ['owner: [a, b]\n', 3, "'owner' must be a non-empty name"],
    [`owner: ${'x'.repeat(201)}\n`, 3, "'owner' must be one line of at most 200 characters"],
    ['reviewed: 2026-02-30\n', 3, "'reviewed' must be a real date written YYYY-MM-DD"],
    ['reviewed: March 2026\n', 3, "'reviewed' must be a real date"],
    ['reviewed: 2026-03-01T10:00:00Z\n', 3, "'reviewed' must be a real date"],
    [
      'owner: a\nreview_days: 0\n',
      4,
      "'review_days' must be a whole number of days from 1 to 3650",
    ],
    ['review_days: 3651\n', 3, "'review_days' must be a whole number"],
    ['review_days: 1.5\n', 3, "'review_days' must be a whole number"],
    ['review_days: "90"\n', 3, "'review_days' must be a whole number"],
  ])('refuses %j at line %i', (front, line, message) => {
    const parsed = parse(front);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      { file: 'processes/deploy.md', line, message: expect.stringContaining(message) },
    ]);
  });

  it('still refuses unknown keys, naming the nearest freshness key', () => {
    const parsed = parse('reviewd: 2026-03-01\n');
    expect(!parsed.ok && parsed.errors[0]).toMatchObject({
      line: 3,
      message: expect.stringMatching(
        /unknown front matter key 'reviewd' \(did you mean 'reviewed'\?\)/,
      ),
    });
  });
});
