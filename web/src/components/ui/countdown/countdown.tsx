/**
 * A live countdown to `to` on the server's clock: big digits for the eye, and for screen readers a `timer` whose
 * name changes at most once a minute (its live region is off, so it is read when reached, never spammed).
 * At the target it says `endedText` ("Sales closed"). While the live connection is reconnecting it keeps counting
 * but is marked unconfirmed, to the eye and in its name.
 */
import { countdownParts, spokenCountdown, timeLeftMs } from '@/lib/countdown';
import { useServerNow } from '@/lib/server-clock';
import { useLiveConnection } from '@/lib/use-live-connection';
import './countdown.css';

type Props = {
  /** RFC 3339 time to count to (e.g. a draw's `closes_at`). */
  to: string;
  /** What the time counts to, read before the time: "Sales close in". */
  label?: string;
  endedText?: string;
  size?: 'large' | 'small';
  className?: string;
};

const two = (n: number) => String(n).padStart(2, '0');

export function Countdown({ to, label = 'Sales close in', endedText = 'Sales closed', size = 'large', className }: Props) {
  const now = useServerNow();
  const unconfirmed = useLiveConnection() === 'reconnecting';
  const left = timeLeftMs(to, now);
  const classes = ['countdown', `countdown--${size}`, className].filter(Boolean).join(' ');

  if (left <= 0) {
    return (
      <span className={`${classes} countdown--ended`} role="timer" aria-live="off" aria-label={endedText}>
        {endedText}
      </span>
    );
  }

  const { days, hours, minutes, seconds } = countdownParts(left);
  const units = [
    ...(days > 0 ? [{ value: String(days), unit: days === 1 ? 'day' : 'days', short: 'd' }] : []),
    ...(days > 0 || hours > 0 ? [{ value: two(hours), unit: 'hrs', short: 'h' }] : []),
    { value: two(minutes), unit: 'min', short: 'm' },
    { value: two(seconds), unit: 'sec', short: 's' },
  ];
  const name = `${label} ${spokenCountdown(left)}`;
  return (
    <span
      className={unconfirmed ? `${classes} countdown--unconfirmed` : classes}
      role="timer"
      aria-live="off"
      aria-label={unconfirmed ? `${name} (unconfirmed)` : name}
    >
      {units.map(({ value, unit, short }) => (
        <span key={unit} className="countdown__unit" aria-hidden="true">
          <span className="countdown__value">{value}</span>
          <span className="countdown__label">{size === 'large' ? unit : short}</span>
        </span>
      ))}
      {unconfirmed ? (
        <span className="countdown__unconfirmed" aria-hidden="true">
          unconfirmed
        </span>
      ) : null}
    </span>
  );
}
