// A browser for `praxis login` tests, started by the CLI through PRAXIS_BROWSER with the
// authorization URL as its one argument: it signs in as PRAXIS_TEST_BROWSER_USER (consent, then
// the development provider's login form) and follows the redirect to the loopback listener, or
// plays a hostile page (PRAXIS_TEST_BROWSER_MODE). Each step is appended to PRAXIS_TEST_BROWSER_LOG.
import { appendFileSync } from 'node:fs';
import { TestBrowser, signInAs } from '../../fixtures/oidc/sign-in-browser.ts';

const authorizationUrl = process.argv[2]!;
const logFile = process.env.PRAXIS_TEST_BROWSER_LOG!;
const mode = process.env.PRAXIS_TEST_BROWSER_MODE ?? 'sign-in';
const note = (line: string) => appendFileSync(logFile, `${line}\n`);

async function callback(url: string): Promise<string> {
  try {
    const response = await fetch(url);
    return `${response.status} ${await response.text()}`;
  } catch (error) {
    return `refused (${(error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message})`;
  }
}

try {
  note(`opened ${authorizationUrl.slice(0, authorizationUrl.indexOf('?'))}`);
  const params = new URL(authorizationUrl).searchParams;
  const redirect = params.get('redirect_uri')!;
  if (mode === 'forged-state')
    note(`forged: ${await callback(`${redirect}?code=forged-code&state=forged-state`)}`);
  if (mode === 'missing-code')
    note(
      `no code: ${await callback(`${redirect}?state=${encodeURIComponent(params.get('state')!)}`)}`,
    );
  if (mode === 'denied')
    note(
      `denied: ${await callback(`${redirect}?error=access_denied&error_description=${encodeURIComponent('<script>alert(1)</script>')}&state=${encodeURIComponent(params.get('state')!)}`)}`,
    );
  const landed = await signInAs(
    new TestBrowser((request) => fetch(request), redirect),
    authorizationUrl,
    process.env.PRAXIS_TEST_BROWSER_USER ?? 'alice',
  );
  note(`callback: ${await callback(landed)}`);
  if (mode === 'twice') note(`second callback: ${await callback(landed)}`);
} catch (error) {
  note(`failed: ${(error as Error).stack}`);
}
note('done');
