// Google sign-in's button for the client id the server has configured (GoogleSignIn.tsx asks for it).
import { useEffect, useRef } from 'react';
import { googleSignIn } from '../../api/auth.ts';
import { httpErrorText } from '../../api/errors.ts';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';

function loadGoogleScript(): Promise<GoogleIdentity> {
  const existing = (window as { google?: GoogleIdentity }).google;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const google = (window as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google sign-in is not available'));
    };
    script.onerror = () => reject(new Error('Google sign-in is not available'));
    document.head.appendChild(script);
  });
}

export function GoogleSignInButton({
  clientId,
  onError,
}: {
  clientId: string;
  onError: (text: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const element = container.current;
    loadGoogleScript()
      .then((google) => {
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            void googleSignIn(credential).then((result) => {
              if (!result.ok) onError(httpErrorText(result.status, result.data));
            });
          },
        });
        google.accounts.id.renderButton(element, { theme: 'outline', size: 'large', width: 320 });
      })
      .catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
  }, [clientId, onError]);

  return (
    <div className="auth__google">
      <div className="auth__divider">
        <span>or</span>
      </div>
      <div ref={container} data-testid="google-signin" />
    </div>
  );
}
