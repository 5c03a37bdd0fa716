/**
 * The recovery codes issued when two-step sign-in is set up: shown this once, each good for one login without the
 * phone. The back office opens only when the admin presses Continue, so the codes cannot be skipped past unseen.
 */
import { useEffect, useRef } from 'react';
import { CopyButton } from '@/components/ui/copy-button/copy-button';

type Props = { codes: string[]; pending: boolean; onContinue: () => void };

export function RecoveryCodes({ codes, pending, onContinue }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading" className="boss-login__step" tabIndex={-1} ref={heading}>
        Save your recovery codes now
      </h2>
      <p className="form-alert form-alert--info">
        Two-step sign-in is on. If you lose your phone, each of these codes signs you in once instead of the
        authenticator app. They are shown only this once: save them now, somewhere safe such as a password manager.
      </p>
      <ol className="recovery-codes__list" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <CopyButton text={codes.join('\n')}>Copy the codes</CopyButton>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={pending}
        aria-busy={pending}
        onClick={onContinue}
      >
        {pending ? 'Opening the back office…' : 'Continue'}
      </button>
    </section>
  );
}
