// /auth: sign-in, sign-up, password recovery and reset; any other address under it goes to sign-in. Sign-in
// is in this chunk; the other three are chunks of their own, so the sign-in page loads only its own code
// (docs/web.md "First page").
import { lazy, type ComponentType } from 'react';
import { Navigate } from '../../components/AppLinks.tsx';
import { useAppLocation, within } from '../../lib/appHistory.ts';
import { LoginPage } from './LoginPage.tsx';
import './auth.css';

const pages: [prefix: string, page: ComponentType][] = [
  ['/auth/login', LoginPage],
  ['/auth/sign-up', lazy(() => import('./SignUpPage.tsx'))],
  ['/auth/recover-password', lazy(() => import('./RecoverPasswordPage.tsx'))],
  ['/auth/reset-password', lazy(() => import('./ResetPasswordPage.tsx'))],
];

export default function AuthArea() {
  const { pathname } = useAppLocation();
  const Page = pages.find(([prefix]) => within(pathname, prefix))?.[1];
  return Page ? <Page /> : <Navigate to="/auth/login/" replace />;
}
