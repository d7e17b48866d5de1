// Remembered consent applies to the requests MCP SDK clients make, which always ask for
// `offline_access` next to `praxis:read`. Praxis grants praxis:read and every grant comes with
// refresh tokens, so offline_access adds nothing a person has not approved: an approval covers a
// client's requests with or without it. Any other scope brings the page back, and so does another
// user in the same browser.
import { describe, expect, it } from 'vitest';
import { publishFixture } from '../../helpers/workerd/helpers.ts';
import {
  authorizationUrl,
  consentHandle,
  isPage,
  newVerifier,
  oauthEnv,
  registerClient,
  s256,
  signInAs,
  workerBrowser,
} from '../../helpers/workerd/sign-in-helpers.ts';

await publishFixture();

const SDK_SCOPE = 'praxis:read offline_access';

describe('remembered consent and offline_access', () => {
  it(
    'skips the page for the next SDK-style request of a client the user approved, ' +
      'and asks again for more',
    async () => {
      const env = oauthEnv();
      const browser = workerBrowser(env);
      const request = async (clientId: string, scope: string) =>
        authorizationUrl(clientId, {
          scope,
          code_challenge: await s256(newVerifier()),
          code_challenge_method: 'S256',
        });
      // The browser's first sign-in: afterwards it knows the user.
      await signInAs(browser, await request(await registerClient(env), SDK_SCOPE), 'bob');
      // A new client, asking as the SDK does: the page appears, bob approves, the approval is remembered.
      const clientId = await registerClient(env);
      const first = await browser.go(await request(clientId, SDK_SCOPE));
      expect(isPage(first) && consentHandle(first)).toBeTruthy();
      const landed = new URL(await signInAs(browser, await request(clientId, SDK_SCOPE), 'bob'));
      expect(landed.searchParams.get('code')).toBeTruthy();
      // The same client asking again, with and without offline_access: straight through, no page.
      for (const scope of [SDK_SCOPE, 'praxis:read', 'offline_access praxis:read']) {
        const again = await browser.go(await request(clientId, scope));
        expect(isPage(again)).toBe(false);
        expect(
          new URL((again as { redirectedTo: string }).redirectedTo).searchParams.get('code'),
        ).toBeTruthy();
      }
      // A scope beyond what was approved brings the page back.
      const more = await browser.go(await request(clientId, `${SDK_SCOPE} praxis:write`));
      expect(isPage(more) && consentHandle(more)).toBeTruthy();
      // So does another user in this browser.
      browser.forget('localhost', '__Host-praxis-user');
      const stranger = await browser.go(await request(clientId, SDK_SCOPE));
      expect(isPage(stranger) && consentHandle(stranger)).toBeTruthy();
    },
  );
});
