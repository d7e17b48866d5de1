// Auth settings as the Worker reads them from vars/secrets: every mode, and every unknown or
// contradictory combination refused with a message that names the setting to fix.
import { describe, expect, it } from 'vitest';
import { readAuthConfig, type AuthEnv } from '../../../src/worker/auth/config.ts';

const SECRET = 'a-local-secret-of-at-least-32-characters';
const CLOUD: AuthEnv = {
  PRAXIS_AUTH_MODE: 'cloud',
  PRAXIS_AUTH_ISSUERS: 'https://login.microsoftonline.com/tenant-id/v2.0',
  PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp',
};

const problem = (env: AuthEnv): string => {
  const result = readAuthConfig(env);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.config)}`);
  return result.message;
};

describe('readAuthConfig', () => {
  it('defaults to local mode, which needs the development secret (never open)', () => {
    expect(problem({})).toMatch(/PRAXIS_LOCAL_SECRET/);
    expect(readAuthConfig({ PRAXIS_LOCAL_SECRET: SECRET })).toEqual({
      ok: true,
      config: { mode: 'local', localSecret: SECRET },
    });
  });

  it('refuses a mode named after an inherited property of the mode table (constructor, __proto__, toString…)', () => {
    for (const mode of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(problem({ PRAXIS_AUTH_MODE: mode, PRAXIS_LOCAL_SECRET: SECRET })).toBe(
        `PRAXIS_AUTH_MODE='${mode}' is not a known mode (local, cloud, auto, oauth, off)`,
      );
    }
  });

  it('reads cloud mode with its defaults: asymmetric algorithms, groups claim, 30 s JWKS cool-down', () => {
    const result = readAuthConfig(CLOUD);
    expect(result).toEqual({
      ok: true,
      config: {
        mode: 'cloud',
        cloud: {
          issuers: ['https://login.microsoftonline.com/tenant-id/v2.0'],
          resource: 'https://praxis.example.com/mcp',
          audiences: ['https://praxis.example.com/mcp', 'https://praxis.example.com/mcp/'],
          requiredScopes: [],
          groupsClaim: 'groups',
          algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519'],
          jwksCooldownS: 30,
        },
      },
    });
  });

  it('reads lists separated by commas or spaces, and audience aliases that are not URLs', () => {
    const result = readAuthConfig({
      ...CLOUD,
      PRAXIS_AUTH_ISSUERS: 'https://a.example.com, https://b.example.com/',
      PRAXIS_AUTH_REQUIRED_SCOPES: 'praxis:read Praxis.Read',
      PRAXIS_AUTH_AUDIENCE_ALIASES: 'api://praxis 123.apps.googleusercontent.com',
    });
    expect(result.ok && result.config.cloud).toMatchObject({
      issuers: ['https://a.example.com', 'https://b.example.com/'],
      requiredScopes: ['praxis:read', 'Praxis.Read'],
      audiences: [
        'https://praxis.example.com/mcp',
        'https://praxis.example.com/mcp/',
        'api://praxis',
        'api://praxis/',
        '123.apps.googleusercontent.com',
      ],
    });
  });

  it('auto mode needs both the local secret and the identity-provider settings', () => {
    expect(problem({ ...CLOUD, PRAXIS_AUTH_MODE: 'auto' })).toMatch(
      /PRAXIS_LOCAL_SECRET.*PRAXIS_AUTH_MODE=cloud/,
    );
    expect(problem({ PRAXIS_AUTH_MODE: 'auto', PRAXIS_LOCAL_SECRET: SECRET })).toMatch(
      /PRAXIS_AUTH_ISSUERS/,
    );
    const result = readAuthConfig({
      ...CLOUD,
      PRAXIS_AUTH_MODE: 'AUTO',
      PRAXIS_LOCAL_SECRET: SECRET,
    });
    expect(
      result.ok && [
        result.config.mode,
        result.config.localSecret,
        result.config.cloud?.issuers.length,
      ],
    ).toEqual(['auto', SECRET, 1]);
  });

  it.each<[string, AuthEnv, RegExp]>([
    [
      'an unknown mode',
      { PRAXIS_AUTH_MODE: 'sso' },
      /'sso' is not a known mode \(local, cloud, auto, oauth, off\)/,
    ],
    [
      'a misspelt setting',
      { ...CLOUD, PRAXIS_AUTH_ISSUER: 'https://x.example.com' } as AuthEnv,
      /unknown auth setting PRAXIS_AUTH_ISSUER\b/,
    ],
    [
      'cloud without issuers',
      { PRAXIS_AUTH_MODE: 'cloud', PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp' },
      /PRAXIS_AUTH_ISSUERS must name/,
    ],
    [
      'cloud without a resource',
      { PRAXIS_AUTH_MODE: 'cloud', PRAXIS_AUTH_ISSUERS: 'https://idp.example.com' },
      /PRAXIS_AUTH_RESOURCE must be/,
    ],
    [
      'a plain-http issuer off loopback',
      { ...CLOUD, PRAXIS_AUTH_ISSUERS: 'http://idp.example.com' },
      /must use https:\/\//,
    ],
    [
      'an issuer that is not a URL',
      { ...CLOUD, PRAXIS_AUTH_ISSUERS: 'okta' },
      /'okta' is not an absolute URL/,
    ],
    [
      'an issuer with a query',
      { ...CLOUD, PRAXIS_AUTH_ISSUERS: 'https://idp.example.com/?tenant=x' },
      /must not contain a \?query/,
    ],
    [
      'a resource with a fragment',
      { ...CLOUD, PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp#x' },
      /must not contain a #fragment/,
    ],
    [
      'the local issuer as an identity provider',
      { ...CLOUD, PRAXIS_AUTH_ISSUERS: 'praxis-local' },
      /not an absolute URL/,
    ],
    [
      'the same issuer twice',
      { ...CLOUD, PRAXIS_AUTH_ISSUERS: 'https://a.example.com https://a.example.com' },
      /lists an issuer twice/,
    ],
    [
      'HS256 in the algorithm list',
      { ...CLOUD, PRAXIS_AUTH_ALGORITHMS: 'RS256 HS256' },
      /only asymmetric.*refused: HS256/,
    ],
    [
      'alg none in the algorithm list',
      { ...CLOUD, PRAXIS_AUTH_ALGORITHMS: 'none' },
      /refused: none/,
    ],
    [
      'an empty algorithm list',
      { ...CLOUD, PRAXIS_AUTH_ALGORITHMS: ' ' },
      /no token could ever be accepted/,
    ],
    [
      'a scope with a quote',
      { ...CLOUD, PRAXIS_AUTH_REQUIRED_SCOPES: 'praxis"read' },
      /not a valid OAuth scope/,
    ],
    [
      'a groups claim with spaces',
      { ...CLOUD, PRAXIS_AUTH_GROUPS_CLAIM: 'my groups' },
      /must be one claim name/,
    ],
    [
      'a cool-down that is not a number',
      { ...CLOUD, PRAXIS_AUTH_JWKS_COOLDOWN_S: 'soon' },
      /between 1 and 3600/,
    ],
  ])('refuses %s', (_, env, message) => {
    expect(problem(env)).toMatch(message);
  });

  it('allows plain http issuers and resources on loopback only (a local identity provider)', () => {
    const result = readAuthConfig({
      ...CLOUD,
      PRAXIS_AUTH_ISSUERS: 'http://127.0.0.1:9000 http://localhost:9001',
      PRAXIS_AUTH_RESOURCE: 'http://localhost:8787/mcp',
    });
    expect(result.ok).toBe(true);
  });

  it('local mode ignores identity-provider settings, so `praxis dev` works in a checkout configured for cloud', () => {
    expect(
      readAuthConfig({ ...CLOUD, PRAXIS_AUTH_MODE: 'local', PRAXIS_LOCAL_SECRET: SECRET }),
    ).toEqual({ ok: true, config: { mode: 'local', localSecret: SECRET } });
  });

  describe('oauth mode', () => {
    const OAUTH: AuthEnv = {
      PRAXIS_AUTH_MODE: 'oauth',
      PRAXIS_AUTH_RESOURCE: 'https://praxis.example.com/mcp',
      PRAXIS_OIDC_ISSUER: 'https://login.example.com',
      PRAXIS_OIDC_CLIENT_ID: 'praxis',
      PRAXIS_OIDC_CLIENT_SECRET: 'upstream-secret',
      PRAXIS_CONSENT_SECRET: SECRET,
      OAUTH_KV: {},
    };

    it('reads the resource, its origin as issuer, the upstream provider and the default scopes; local tokens only with a secret', () => {
      const result = readAuthConfig(OAUTH);
      expect(result).toEqual({
        ok: true,
        config: {
          mode: 'oauth',
          oauth: {
            resource: 'https://praxis.example.com/mcp',
            issuer: 'https://praxis.example.com',
            groupsClaim: 'groups',
            cookieSecret: SECRET,
            upstream: {
              issuer: 'https://login.example.com',
              clientId: 'praxis',
              clientSecret: 'upstream-secret',
              scopes: ['openid', 'profile', 'email', 'offline_access'],
            },
          },
        },
      });
      const withLocal = readAuthConfig({ ...OAUTH, PRAXIS_LOCAL_SECRET: SECRET });
      expect(withLocal.ok && withLocal.config.localSecret).toBe(SECRET);
    });

    it.each<[string, AuthEnv, RegExp]>([
      ['no KV namespace', { ...OAUTH, OAUTH_KV: undefined }, /OAUTH_KV/],
      ['no resource', { ...OAUTH, PRAXIS_AUTH_RESOURCE: undefined }, /PRAXIS_AUTH_RESOURCE/],
      ['no upstream issuer', { ...OAUTH, PRAXIS_OIDC_ISSUER: undefined }, /PRAXIS_OIDC_ISSUER/],
      [
        'a plain-http upstream off loopback',
        { ...OAUTH, PRAXIS_OIDC_ISSUER: 'http://login.example.com' },
        /PRAXIS_OIDC_ISSUER.*https/,
      ],
      ['no client ID', { ...OAUTH, PRAXIS_OIDC_CLIENT_ID: ' ' }, /PRAXIS_OIDC_CLIENT_ID/],
      [
        'a short consent secret',
        { ...OAUTH, PRAXIS_CONSENT_SECRET: 'short' },
        /PRAXIS_CONSENT_SECRET/,
      ],
      [
        'scopes without openid',
        { ...OAUTH, PRAXIS_OIDC_SCOPES: 'profile email' },
        /must include openid/,
      ],
      [
        'a misspelt OIDC setting',
        { ...OAUTH, PRAXIS_OIDC_CLIENTID: 'x' } as AuthEnv,
        /unknown setting PRAXIS_OIDC_CLIENTID/,
      ],
      [
        'cloud-mode issuers',
        { ...OAUTH, PRAXIS_AUTH_ISSUERS: 'https://login.example.com' },
        /PRAXIS_AUTH_ISSUERS belong to cloud mode/,
      ],
      ['a short local secret', { ...OAUTH, PRAXIS_LOCAL_SECRET: 'short' }, /PRAXIS_LOCAL_SECRET/],
    ])('refuses %s', (_name, env, message) => {
      expect(problem(env)).toMatch(message);
    });
  });
});
