import { ChangePasswordForm } from '@/components/forms/change-password-form';
import { adminChangePassword } from '@/features/admin/api/admin-auth';

export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="boss__heading">
        Change password
      </h1>
      <div className="card card--form">
        <ChangePasswordForm submit={adminChangePassword} />
      </div>
    </section>
  );
}
