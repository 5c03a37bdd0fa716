/**
 * "Your session ends at 10:45 am WAT": shown to a logged-in player five minutes before their token runs out, with
 * "Stay signed in" (the login again, their email filled in: a new session replaces the old one without leaving the
 * page) and "Dismiss". Announced once by screen readers when it appears.
 */
import { useEffect, useState } from 'react';
import { openLogin, useAuthDialog } from '@/lib/auth-dialogs';
import { formatTimeWAT } from '@/lib/lagos-time';
import { useAuth } from '@/lib/session';
import { minutesLeft, sessionWarningAt } from '../session-ending';
import './session-ending-notice.css';

type Due = { expiry: number; minutes: number };

/** The warning once it is due: the expiry and the minutes left then (null before, and once a new session starts). */
function useDueWarning(expiry: number | null): Due | null {
  const [due, setDue] = useState<Due | null>(null);
  useEffect(() => {
    if (expiry === null) return undefined;
    const timer = setTimeout(
      () => setDue({ expiry, minutes: minutesLeft(expiry, Date.now()) }),
      Math.max(0, sessionWarningAt(expiry) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [expiry]);
  return due !== null && due.expiry === expiry ? due : null;
}

export function SessionEndingNotice() {
  const { role, session, user } = useAuth();
  const expiry = role === 'user' ? session.expiry : null;
  const due = useDueWarning(expiry);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const dialog = useAuthDialog();
  const show = due !== null && dismissed !== due.expiry && dialog?.kind !== 'login';
  return (
    <div className="session-ending" role="status" aria-live="polite">
      {show ? (
        <div className="session-ending__box" data-testid="session-ending">
          <p className="session-ending__text">
            <strong>Your session ends at {formatTimeWAT(due.expiry)}</strong> (in {due.minutes} minute
            {due.minutes === 1 ? '' : 's'}). Stay signed in to keep your place.
          </p>
          <div className="session-ending__actions">
            <button type="button" className="button button--primary button--small" onClick={() => openLogin(user?.email)}>
              Stay signed in
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => setDismissed(due.expiry)}>
              Dismiss
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
