import { describe, expect, it } from 'vitest';
import { parseConfigListing } from '../../../src/shim/git/config-reading.ts';

describe('reading `git config --list --includes --show-origin -z`', () => {
  it('gives every key, the files they came from and every include target, resolved as git resolves it', () => {
    const output = [
      'file:/etc/gitconfig',
      'core.pager\nless',
      'file:/home/ana/.gitconfig',
      'include.path\n~/more.cfg',
      'file:/home/ana/more.cfg',
      'filter.lfs.clean\ngit-lfs clean',
      'file:/repo/.git/config',
      'includeIf.onbranch:main.path\nlocal.cfg',
      'file:/repo/.git/config',
      'Include.Path\n/abs/other.cfg',
      'file:/repo/.git/config',
      'core.bare',
      'command line:',
      'core.hookspath\n/dev/null',
      '',
    ].join('\0');
    const listing = parseConfigListing(output, '/home/ana');
    expect(listing.keys).toEqual([
      'core.pager',
      'include.path',
      'filter.lfs.clean',
      'includeIf.onbranch:main.path',
      'Include.Path',
      'core.bare',
      'core.hookspath',
    ]);
    expect([...listing.files].sort()).toEqual([
      '/abs/other.cfg',
      '/etc/gitconfig',
      '/home/ana/.gitconfig',
      '/home/ana/more.cfg',
      '/repo/.git/config',
      '/repo/.git/local.cfg',
    ]);
  });
});
