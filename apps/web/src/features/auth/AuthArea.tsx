// /auth: sign-in, sign-up, password recovery and reset.
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from './LoginPage.tsx';
import { SignUpPage } from './SignUpPage.tsx';
import { RecoverPasswordPage } from './RecoverPasswordPage.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';
import './auth.css';

export default function AuthArea() {
  return (
    <Routes>
      <Route path="login/*" element={<LoginPage />} />
      <Route path="sign-up/*" element={<SignUpPage />} />
      <Route path="recover-password/*" element={<RecoverPasswordPage />} />
      <Route path="reset-password/*" element={<ResetPasswordPage />} />
      <Route path="*" element={<Navigate to="/auth/login/" replace />} />
    </Routes>
  );
}
