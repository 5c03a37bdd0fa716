import { lazy, Suspense, useEffect } from 'react';
import { useAuthDialog } from '@/lib/auth-dialogs';

const loadLogin = () => import('@/features/auth/components/login-dialog');
const loadSignup = () => import('@/features/auth/components/signup-dialog');
const LoginDialog = lazy(() => loadLogin().then((module) => ({ default: module.LoginDialog })));
const SignupDialog = lazy(() => loadSignup().then((module) => ({ default: module.SignupDialog })));

/**
 * Hosts the login and sign-up dialogs over whatever page is showing. Their code is not in the first download;
 * it is fetched once the page is idle, so a tap on "Login" on a slow phone still opens at once.
 */
export function AuthDialogs() {
  const state = useAuthDialog();

  useEffect(() => {
    const prefetch = () => {
      void loadLogin();
      void loadSignup();
    };
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch, { timeout: 4000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);

  if (!state) return null;
  return (
    <Suspense fallback={null}>
      {state.kind === 'login' ? (
        <LoginDialog identity={state.identity} />
      ) : state.step === 'form' ? (
        <SignupDialog step="form" />
      ) : (
        <SignupDialog step="otp" email={state.email} notice={state.notice} />
      )}
    </Suspense>
  );
}
