// A client's name on the consent page cannot reorder or hide text: bidirectional overrides and
// isolates, zero-width and other format characters, C0 and C1 controls, DEL and line separators in
// the name a client registered are shown as markers (‹U+202E›, ‹ESC›), never sent as themselves, and a
// long name is cut so it cannot push the page's warnings out of view.
import { describe, expect, it } from 'vitest';
import { publishFixture } from '../../helpers/workerd/helpers.ts';
import {
  authorizationUrl,
  isPage,
  newVerifier,
  oauthEnv,
  registerClient,
  s256,
  workerBrowser,
} from '../../helpers/workerd/sign-in-helpers.ts';

await publishFixture();

const HIDDEN = {
  '\u202E': 'U+202E',
  '\u202D': 'U+202D',
  '\u202A': 'U+202A',
  '\u202B': 'U+202B',
  '\u202C': 'U+202C',
  '\u2066': 'U+2066',
  '\u2067': 'U+2067',
  '\u2068': 'U+2068',
  '\u2069': 'U+2069',
  '\u200E': 'U+200E',
  '\u200F': 'U+200F',
  '\u061C': 'U+061C',
  '\u200B': 'U+200B',
  '\u200D': 'U+200D',
  '\u2060': 'U+2060',
  '\uFEFF': 'U+FEFF',
  '\u00AD': 'U+00AD',
  '\u3164': 'U+3164',
  '\u0007': 'BEL',
  '\u001B': 'ESC',
  '\u007F': 'DEL',
  '\u009B': 'U+009B',
  '\u0085': 'U+0085',
  '\u2028': 'U+2028',
  '\u2029': 'U+2029',
};

async function consentHtml(clientName: string): Promise<string> {
  const env = oauthEnv();
  const clientId = await registerClient(env, { client_name: clientName });
  const page = await workerBrowser(env).go(
    authorizationUrl(clientId, {
      code_challenge: await s256(newVerifier()),
      code_challenge_method: 'S256',
    }),
  );
  if (!isPage(page) || page.status !== 200) throw new Error('expected the consent page');
  return page.html;
}

describe('the consent page shows a client name as it is', () => {
  it('writes out every invisible or direction-changing character and sends none of them', async () => {
    const entries = Object.entries(HIDDEN);
    // Five to a name, so the written-out name stays under the length the page shows.
    for (let at = 0; at < entries.length; at += 5) {
      const group = entries.slice(at, at + 5);
      const html = await consentHtml(group.map(([char]) => `x${char}`).join(''));
      for (const [char, code] of group) {
        expect(html).toContain(`‹${code}›`);
        expect(html.includes(char)).toBe(false);
      }
    }
  });

  it('shows a right-to-left override that would make a name read backwards', async () => {
    // Rendered raw, this reads "Praxis Official Client" followed by a reversed "edoc-live".
    const html = await consentHtml('Praxis Official Client \u202Eevil-code');
    expect(html).toContain('Allow <strong>Praxis Official Client ‹U+202E›evil-code</strong>');
    expect(html).toContain(
      '<title>Allow Praxis Official Client ‹U+202E›evil-code to read Praxis as you?</title>',
    );
  });

  it('cuts a long name, ending it with …', async () => {
    const html = await consentHtml('A'.repeat(199));
    expect(html).toContain(`<strong>${'A'.repeat(120)}…</strong>`);
    expect(html).not.toContain('A'.repeat(121));
  });
});
