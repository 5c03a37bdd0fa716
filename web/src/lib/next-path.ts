/**
 * Where to go back to after logging in: the page a logged-out player opened from a link (a deep link to
 * /user/withdrawal in an email, a bookmark) travels with the login as `/?next=<path>`.
 *
 * Anything in `next` came from the address bar, so only a path on this site is ever followed: a full address, a
 * scheme-relative `//host`, a backslash (which browsers read as a slash) or a `javascript:` URL is dropped, or a
 * crafted link would send a player who just typed their password to someone else's page.
 */
export const NEXT_PARAM = 'next';

/** `next` when it is a path on this site (with its query and fragment), else null. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // Control characters and spaces are stripped by URL parsers and can turn a path into `//host`.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f]/.test(next)) return null;
  const base = 'https://ayo.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path === '/' ? null : path;
}

/** The home page's address that opens the login and then returns to `from`; plain `/` when there is nowhere to return. */
export function loginThenReturnTo(from: string | null | undefined): string {
  const next = safeNextPath(from);
  return next ? `/?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/';
}
