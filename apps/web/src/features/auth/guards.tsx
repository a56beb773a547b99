// Route guards of spec §2: /app needs a signed-in user; /auth sends a signed-in user on to the app.
import type { ReactNode } from 'react';
import { Navigate } from '../../components/AppLinks.tsx';
import { useAppSearchParams } from '../../lib/appHistory.ts';
import { useSessionUser } from '../../lib/useSession.ts';
import { afterSignInPath, loginPathFor } from '../../lib/referer.ts';
import { lastLocationOf } from '../../lib/lastLocation.ts';
import { storage } from '../../api/client.ts';

export function RequireUser({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  if (user) return children;
  // Logging out navigates away first; only an address still inside /app is sent to the login page.
  if (!window.location.pathname.startsWith('/app')) return null;
  return <Navigate to={loginPathFor(window.location.href)} replace />;
}

export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const params = useAppSearchParams();
  if (!user) return children;
  const referer = params.get('referer');
  // Without a referer, back to where this user was last in the app.
  const target =
    (referer ? null : lastLocationOf(storage, String(user.user_id))) ??
    afterSignInPath(referer, window.location.origin);
  return <Navigate to={target} replace />;
}
