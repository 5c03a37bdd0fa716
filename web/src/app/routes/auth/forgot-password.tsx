import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function Component() {
  return (
    <section className="page page--narrow" aria-labelledby="page-heading">
      <h1 id="page-heading">Forgot password</h1>
      <p className="page__lead">Enter the email you signed up with and we&apos;ll send you a code to set a new password.</p>
      <div className="card">
        <ForgotPasswordForm />
      </div>
    </section>
  );
}
