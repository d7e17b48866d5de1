// A text's SHA-256, base64url without padding: how tokens, approvals and users are named in storage
// and cookies without keeping the text itself.
import { base64url } from 'jose';

export async function sha256Base64url(text: string): Promise<string> {
  return base64url.encode(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
  );
}
