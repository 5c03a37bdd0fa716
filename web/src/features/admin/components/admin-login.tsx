/**
 * /boss: the admin login, step by step. The password first; then the code from the authenticator app (or, the
 * first time, setting the app up); at enrolment the recovery codes, once, before the back office opens. The token
 * is kept only at the very end, so an admin who leaves half-way is not logged in.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { completeLogin } from '@/lib/auth';
import type { AuthResult } from '@/types/api';
import type { MfaChallenge, MfaVerified } from '../api/admin-auth';
import { AdminCodeForm } from './admin-code-form';
import { AdminLoginForm } from './admin-login-form';
import { RecoveryCodes } from './recovery-codes';

/** Shown back at the password step when the 5 minutes of the code step ran out. */
export const SIGN_IN_TIMED_OUT = 'Your sign-in timed out. For your security, enter your password again.';

type Step =
  | { name: 'password'; notice?: string }
  | { name: 'code'; challenge: MfaChallenge }
  | { name: 'recovery-codes'; result: MfaVerified; codes: string[] };

export function AdminLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [entering, setEntering] = useState(false);

  const enter = async (result: AuthResult) => {
    setEntering(true);
    await completeLogin(result, queryClient);
    await navigate(paths.boss.dashboard.getHref(), { replace: true });
  };

  switch (step.name) {
    case 'password':
      return (
        <AdminLoginForm
          email={email}
          onEmailChange={setEmail}
          notice={step.notice}
          onChallenge={(challenge) => setStep({ name: 'code', challenge })}
          onLoggedIn={(result) => void enter(result)}
        />
      );
    case 'code':
      return (
        <AdminCodeForm
          challenge={step.challenge}
          onVerified={(result) => {
            const codes = result.recovery_codes ?? [];
            if (codes.length > 0) setStep({ name: 'recovery-codes', result, codes });
            else void enter(result);
          }}
          onExpired={() => setStep({ name: 'password', notice: SIGN_IN_TIMED_OUT })}
          onStartAgain={() => setStep({ name: 'password' })}
        />
      );
    case 'recovery-codes':
      return <RecoveryCodes codes={step.codes} pending={entering} onContinue={() => void enter(step.result)} />;
  }
}
