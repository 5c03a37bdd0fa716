import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { recallResetEmail } from '@/features/auth/api/password-reset';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function Component() {
  const location = useLocation();
  const state = location.state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : recallResetEmail();
  return (
    <section className="page page--narrow" aria-labelledby="page-heading">
      <h1 id="page-heading">Set a new password</h1>
      {email ? (
        <div className="card">
          <ResetPasswordForm email={email} />
        </div>
      ) : (
        <div className="card">
          <p>We don&apos;t know which account to change yet. Ask for a code first.</p>
          <p>
            <Link className="button button--primary" to={paths.forgotPassword.getHref()}>
              Get a code
            </Link>
          </p>
        </div>
      )}
    </section>
  );
}
