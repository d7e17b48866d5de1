// One key per use of the consent secret (consent forms, the upstream sign-in state, remembered
// approvals, the insights page's sign-in and session), derived with HKDF-SHA-256 through WebCrypto,
// so a value made for one use is never accepted as another and the encrypted sign-in state gets the 256-bit key A256GCM needs.
import { base64url } from 'jose';

export type KeyPurpose =
  | 'consent-form'
  | 'upstream-state'
  | 'remembered-approvals'
  | 'insights-sign-in'
  | 'insights-session';

const derived = new Map<string, Promise<Uint8Array>>();

export function purposeKey(secret: string, purpose: KeyPurpose): Promise<Uint8Array> {
  const id = `${purpose}\n${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = derive(secret, purpose);
    derived.set(id, key);
  }
  return key;
}

async function derive(secret: string, purpose: KeyPurpose): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    'HKDF',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode(`praxis ${purpose}`),
    },
    material,
    256,
  );
  return new Uint8Array(bits);
}

/** A random value for handles and states: 32 bytes, base64url. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64url.encode(bytes);
}
