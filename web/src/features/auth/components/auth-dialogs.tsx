import { lazy, Suspense, useEffect } from 'react';
import { useAuthDialog } from '@/lib/auth-dialogs';
import { counted } from '@/lib/chunk-loads';

const loadLogin = () => counted(import('@/features/auth/components/login-dialog'));
const loadSignup = () => counted(import('@/features/auth/components/signup-dialog'));
const LoginDialog = lazy(() => loadLogin().then((module) => ({ default: module.LoginDialog })));
const SignupDialog = lazy(() => loadSignup().then((module) => ({ default: module.SignupDialog })));

/** How long after the page starts the dialogs' code is fetched anyway, when the player has not touched anything. */
export const DIALOG_PREFETCH_DELAY_MS = 5000;

/**
 * Hosts the login and sign-up dialogs over whatever page is showing. Their code is not in the first download;
 * it is fetched at the player's first touch, click or key press, or a few seconds after the page has settled,
 * whichever comes first: a tap on "Login" on a slow phone still opens at once, and the page's own first
 * downloads (its code, its data) never share the line with code nobody has asked for yet.
 */
export function AuthDialogs() {
  const state = useAuthDialog();

  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    let idle: number | undefined;
    const stop = () => {
      for (const name of events) window.removeEventListener(name, prefetch, true);
      clearTimeout(timer);
      if (idle !== undefined && 'cancelIdleCallback' in window) window.cancelIdleCallback(idle);
    };
    const prefetch = () => {
      stop();
      void loadLogin();
      void loadSignup();
    };
    for (const name of events) window.addEventListener(name, prefetch, { capture: true, passive: true });
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(prefetch, { timeout: 4000 });
      else prefetch();
    }, DIALOG_PREFETCH_DELAY_MS);
    return stop;
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
