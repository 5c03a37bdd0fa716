import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/lib/auth';
import { formatCalendarDate, formatNaira, maskPhone } from '@/lib/format';
import { formatDateTimeWAT } from '@/lib/lagos-time';

/**
 * docs/product.md §12 profile: name, email, masked phone, date of birth, balance and the login before this one, fresh
 * from GET /auth/profiles.
 */
export function ProfileDetails() {
  const profile = useProfile();

  if (profile.isPending) return <Spinner label="Loading your profile…" />;
  if (!profile.data) {
    return (
      <div className="empty-state">
        <p>We couldn&apos;t load your profile.</p>
        <button type="button" className="button button--primary" onClick={() => void profile.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const user = profile.data;
  return (
    <div className="profile">
      <div className="profile__balance">
        <span className="profile__balance-label">Wallet balance</span>
        <span className="profile__balance-amount" data-testid="profile-balance">
          {formatNaira(user.relationships?.wallet?.balance ?? 0)}
        </span>
      </div>
      <dl className="details">
        <div className="details__row">
          <dt>Name</dt>
          <dd>{user.name}</dd>
        </div>
        <div className="details__row">
          <dt>Email</dt>
          <dd>
            {user.email}
            {user.email_verified ? <span className="tag tag--success">Verified</span> : null}
          </dd>
        </div>
        <div className="details__row">
          <dt>Phone</dt>
          <dd data-testid="profile-phone">{user.phoneNumber ? maskPhone(user.phoneNumber) : '—'}</dd>
        </div>
        <div className="details__row">
          <dt>Date of birth</dt>
          <dd>{user.dob ? formatCalendarDate(user.dob) : '—'}</dd>
        </div>
        {user.previous_login_at !== undefined ? (
          <div className="details__row">
            <dt>Previous login</dt>
            <dd data-testid="profile-previous-login">
              {user.previous_login_at ? formatDateTimeWAT(user.previous_login_at) : 'None: this is your first login'}
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
