// How the public pages match addresses, as react-router does by default: ignoring case and a trailing slash.

/** Whether `pathname` is `prefix` or below it. */
export function within(pathname: string, prefix: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a link to `to` is the current page (or, without `end`, a page below it), as react-router's NavLink. */
export function isActive(pathname: string, to: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = new URL(to, 'http://app').pathname.toLowerCase();
  if (here === target) return true;
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return !end && here.startsWith(target) && here.charAt(slash) === '/';
}
