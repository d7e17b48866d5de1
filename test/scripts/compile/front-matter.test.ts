// YAML errors in front matter point at the file line of the error, not at the opening `---`.
import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from '../../../scripts/compile/front-matter.ts';

describe('front matter error lines', () => {
  it.each([
    [
      'a nested mapping on one line (line 4)',
      '---\nname: deploy\ndescription: ok\nowner: team: platform\n---\nbody\n',
      4,
    ],
    [
      'an unclosed flow list, reported where the next key starts (line 5)',
      '---\nname: deploy\ndescription: ok\ntags: [ci\nowner: platform\n---\nbody\n',
      5,
    ],
    ['a duplicate key on line 5', '---\nname: a\ndescription: b\ntags: [x]\nname: c\n---\n', 5],
  ])('%s', (_what, text, line) => {
    const result = splitFrontMatter(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.line).toBe(line);
  });

  it('key lines are file lines', () => {
    const result = splitFrontMatter('---\nname: deploy\n\ndescription: ok\n---\nbody\n');
    expect(result.ok && Object.fromEntries(result.value.keyLines)).toEqual({
      name: 2,
      description: 4,
    });
  });
});
