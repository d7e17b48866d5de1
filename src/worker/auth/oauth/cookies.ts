// The sign-in flow's own cookies: __Host- (this origin only, https, path /), HttpOnly, SameSite=Lax
// (sent on the top-level navigations and same-site form posts the flow makes, not on cross-site posts).

export function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export const hostCookie = (name: string, value: string, maxAgeSeconds: number): string =>
  `${name}=${value}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}`;

export const clearedCookie = (name: string): string => hostCookie(name, '', 0);
