// The one answer the shim gives when the endpoint wants a signed-in user and no usable sign-in
// is stored: the reason, and (in the bridge's message) the command that fixes it.
import { PraxisError } from '../../shared/praxis-error.ts';

export class SignInRequired extends PraxisError {
  static override code = 'ERR_SIGN_IN_REQUIRED';
  override readonly code = 'ERR_SIGN_IN_REQUIRED';
  /** Why, as a clause: "you are not signed in", "your sign-in has expired or was revoked", … */
  readonly reason: string;
  constructor(reason: string) {
    super(`Sign-in needed: ${reason}`);
    this.reason = reason;
  }
}

export function signInRequiredMessage(url: URL, reason: string): string {
  return [
    `The Praxis endpoint ${url.origin}${url.pathname} needs you to sign in: ${reason}.`,
    `Run this in a terminal (a browser opens for your company sign-in):`,
    `  praxis login ${url.origin}${url.pathname}`,
    'The shim uses the new sign-in on the next request; no restart is needed. The local worktree tools keep working meanwhile.',
  ].join('\n');
}

/** The answer while a sign-in the shim started is open in the person's browser. */
export function signInOpenedMessage(url: URL, reason: string): string {
  return [
    `The Praxis endpoint ${url.origin}${url.pathname} needs you to sign in: ${reason}.`,
    'The shim has opened your browser for your company sign-in. Once you have signed in, ask again: no restart is needed.',
    `If no browser opened, run this in a terminal instead:`,
    `  praxis login ${url.origin}${url.pathname}`,
    'The local worktree tools keep working meanwhile.',
  ].join('\n');
}
