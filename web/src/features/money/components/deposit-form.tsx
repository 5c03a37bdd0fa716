/**
 * /user/deposit's form: an amount in naira (₦100 – ₦1,000,000, and within the room the player's deposit limits
 * leave), quick amounts, then "Continue to payment": POST /deposits/create and off to the gateway's checkout.
 * The server's 422 shows beside the amount; a break in force (403 EXCLUDED) replaces the form's button.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useProfile } from '@/lib/auth';
import { formatNaira } from '@/lib/format';
import { useCreateDeposit } from '../api/deposits';
import { depositRoom, useLimits } from '../api/limits';
import { checkDepositAmount, DEPOSIT_MAX, DEPOSIT_MIN } from '../lib/amounts';
import { AmountField, QuickAmounts } from './amount-field';
import { activeExclusion, ExclusionNotice } from './exclusion-notice';
import './money.css';

const QUICK_NAIRA = [1_000, 2_000, 5_000, 10_000, 50_000];

type Props = {
  /** Where the browser goes to pay: the gateway's page (swapped in tests). */
  openCheckout?: (url: string) => void;
};

export function DepositForm({ openCheckout = (url) => window.location.assign(url) }: Props) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [breakMessage, setBreakMessage] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const limits = useLimits();
  const profile = useProfile();
  const create = useCreateDeposit();
  const room = depositRoom(limits.data);
  const exclusion = activeExclusion(profile.data?.responsible_gaming?.exclusion);
  const paused = Boolean(exclusion || breakMessage);

  useEffect(() => {
    // Back from the gateway through the browser's back button (a page restored from its cache): ready again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || leaving || paused) return;
    const checked = checkDepositAmount(amount, room?.room ?? null);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    create.mutate(checked.kobo, {
      onSuccess: (answer) => {
        const url = answer.data.authorization_url;
        if (!url) {
          setError('The payment page could not be opened. Please try again.');
          return;
        }
        setLeaving(true);
        openCheckout(url);
      },
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        if (failure.status === 403 && failure.errorCode === 'EXCLUDED') setBreakMessage(failure.message);
        else if (failure.status === 422) setError(failure.fieldError('amount') ?? failure.message);
      },
    });
  };

  // On a break: no form at all, only what the break means and where to find help.
  if (paused) return <ExclusionNotice exclusion={breakMessage ? null : exclusion} message={breakMessage} />;

  return (
    <form className="form money-form" noValidate onSubmit={submit} aria-describedby="deposit-rules">
      <p id="deposit-rules" className="money-form__rules">
        Deposit between {formatNaira(DEPOSIT_MIN)} and {formatNaira(DEPOSIT_MAX)} at a time.
      </p>
      {room ? (
        <p className="money-notice" data-testid="deposit-room">
          Your {room.period} deposit limit is {formatNaira(room.limit)}. You can deposit up to{' '}
          <strong>{formatNaira(room.room)}</strong> now.{' '}
          <Link to={paths.user.profile.getHref()}>Change your limits</Link>
        </p>
      ) : null}
      <AmountField
        label="Amount"
        name="amount"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <QuickAmounts
        amounts={QUICK_NAIRA}
        current={amount}
        onPick={(naira) => {
          setAmount(String(naira));
          setError(undefined);
        }}
      />
      <SubmitButton pending={create.isPending || leaving} pendingText="Opening the payment page…">
        Continue to payment
      </SubmitButton>
      <p className="money-form__aside">
        You pay on our payment partner’s secure page; your balance goes up as soon as the payment is confirmed.
      </p>
    </form>
  );
}
