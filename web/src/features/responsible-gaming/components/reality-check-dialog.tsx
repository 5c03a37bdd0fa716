/**
 * The reality check (docs/decisions/025, UKGC RTS 13): mounted once for a logged-in player (in the root layout, so
 * it keeps time across pages), it opens when the chosen interval has passed since the login, and again that long
 * after each "Continue". It shows how long the player has been logged in and the session's money, read from the
 * server when it opens, with "Continue" and "Log out".
 *
 * The timer counts from the session's start as the server dates it, never from when this page loaded; when the
 * player last pressed "Continue" is kept in sessionStorage, so a reload neither skips nor repeats a check.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog/dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth';
import { formatNaira } from '@/lib/format';
import { formatTimeWAT } from '@/lib/lagos-time';
import { useAuth } from '@/lib/session';
import { useRealityCheckFigures, useRealityCheckSettings, type RealityCheckAnswer } from '../api/reality-check';
import { formatElapsed, netInWords, nextCheckDue, signedNaira } from '../lib/reality-check';
import './reality-check.css';

const CONTINUED_KEY = 'ayo.reality-check.continued';

/** When "Continue" was last pressed in the session that began at `session` (its server time), if it was. */
function readContinued(session: string): number | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(CONTINUED_KEY) ?? 'null') as { session?: string; at?: number } | null;
    return stored?.session === session && typeof stored.at === 'number' ? stored.at : null;
  } catch {
    return null;
  }
}

function writeContinued(session: string, at: number) {
  try {
    sessionStorage.setItem(CONTINUED_KEY, JSON.stringify({ session, at }));
  } catch {
    // Private mode: a reload shows the check again a little early, never late.
  }
}

/** The time now, fresh every `ms` while mounted (the "logged in for" line of an open dialog). */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function Figures({ figures }: { figures: RealityCheckAnswer }) {
  const rows: [string, string, string?][] = [
    ['Deposits', formatNaira(figures.deposits)],
    ['Withdrawals', formatNaira(figures.withdrawals)],
    ['Deposits less withdrawals', signedNaira(figures.net_deposits), 'reality-net-deposits'],
    ['Stakes', formatNaira(figures.stakes)],
    ['Wins', formatNaira(figures.wins)],
    ['Wins less stakes', signedNaira(figures.net), 'reality-net'],
  ];
  return (
    <>
      <dl className="reality__figures">
        {rows.map(([term, value, testId]) => (
          <div key={term} className={testId ? 'reality__row reality__row--total' : 'reality__row'}>
            <dt>{term}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="reality__verdict">{netInWords(figures.net)}</p>
    </>
  );
}

function RealityCheckDialog({
  due,
  startedAtLocal,
  onContinue,
  onLogout,
}: {
  due: number;
  startedAtLocal: number;
  onContinue: () => void;
  onLogout: () => void;
}) {
  const now = useNow(30_000);
  const figures = useRealityCheckFigures(due);
  const headingId = useId();
  const elapsed = formatElapsed(now - startedAtLocal);
  return (
    <Dialog title="Reality check" onClose={onContinue} size="small" className="reality">
      <div className="reality__body" data-testid="reality-check">
        <p className="reality__time">
          You have been logged in for <strong data-testid="reality-elapsed">{elapsed}</strong>
          {figures.data ? <> (since {formatTimeWAT(figures.data.session_started_at)})</> : null}.
        </p>
        <h3 id={headingId} className="reality__subtitle">
          This session
        </h3>
        <section aria-labelledby={headingId}>
          {figures.data ? (
            <Figures figures={figures.data} />
          ) : figures.isError ? (
            <p className="reality__note">Your session’s figures could not be loaded just now.</p>
          ) : (
            <Spinner label="Adding up your session…" />
          )}
        </section>
        <p className="reality__note">You can change how often you see this on your profile.</p>
        <div className="reality__actions">
          <button type="button" className="button button--primary button--block" onClick={onContinue} data-autofocus>
            Continue
          </button>
          <button type="button" className="button button--ghost button--block" onClick={onLogout}>
            Log out
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** Keeps time for the logged-in player's reality checks and shows each when it is due. */
export function RealityCheck() {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const settings = useRealityCheckSettings(session.expiry).data;
  const sessionKey = settings?.session_started_at ?? '';
  const [continued, setContinued] = useState<{ session: string; at: number | null } | null>(null);
  const continuedAt = continued?.session === sessionKey ? continued.at : sessionKey ? readContinued(sessionKey) : null;
  const due = settings
    ? nextCheckDue(settings.startedAtLocal, settings.interval_minutes, continuedAt, session.expiry)
    : null;
  const [openFor, setOpenFor] = useState<number | null>(null);

  useEffect(() => {
    if (due === null || openFor !== null) return;
    const timer = setTimeout(() => setOpenFor(due), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [due, openFor]);

  if (openFor === null || !settings) return null;

  const onContinue = () => {
    const at = Date.now();
    writeContinued(sessionKey, at);
    setContinued({ session: sessionKey, at });
    setOpenFor(null);
  };
  const onLogout = () => {
    setOpenFor(null);
    logout(queryClient);
    void navigate(paths.home.getHref());
  };
  return (
    <RealityCheckDialog
      due={openFor}
      startedAtLocal={settings.startedAtLocal}
      onContinue={onContinue}
      onLogout={onLogout}
    />
  );
}
