// Links of the public pages and /auth on the app's history (lib/appHistory.ts): a plain left click moves
// within the app, anything else (a new tab, a modified click) is the browser's own. They work in the cabinet
// too, where react-router follows the same history.
import { useEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { navigate, useAppLocation } from '../lib/appHistory.ts';
import { isActive } from '../lib/paths.ts';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
}

/** react-router's rule for a click the app handles: the main button, no modifier, this window. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link({ to, onClick, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...rest} href={to} onClick={follow} />;
}

/** A link that carries the class `active` and `aria-current="page"` while its page is shown. */
export function NavLink({ end = false, className, ...rest }: LinkProps & { end?: boolean }) {
  const active = isActive(useAppLocation().pathname, rest.to, end);
  const classes = [className, active ? 'active' : ''].filter(Boolean).join(' ');
  return <Link {...rest} className={classes || undefined} aria-current={active ? 'page' : undefined} />;
}

/** Moves to `to` once rendered (in an effect, as react-router's Navigate). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}
