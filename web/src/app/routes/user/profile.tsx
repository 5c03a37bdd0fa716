import { ChangePasswordForm } from '@/components/forms/change-password-form';
import { changePassword } from '@/features/profile/api/change-password';
import { ProfileDetails } from '@/features/profile/components/profile-details';
import { ResponsibleGamingSection } from '@/features/responsible-gaming/components/responsible-gaming-section';

export function Component() {
  return (
    <section className="page page--flush" aria-labelledby="page-heading">
      <h1 id="page-heading">My profile</h1>
      <div className="card">
        <ProfileDetails />
      </div>
      <ResponsibleGamingSection />
      <section className="card" aria-labelledby="change-password-heading">
        <h2 id="change-password-heading" className="card__title">
          Change password
        </h2>
        <ChangePasswordForm submit={changePassword} />
      </section>
    </section>
  );
}
