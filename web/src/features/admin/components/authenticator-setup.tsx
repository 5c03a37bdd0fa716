/**
 * Enrolment in two-step sign-in: how to add the account to an authenticator app, by its QR code (the server's
 * otpauth URI, drawn here) or by typing its key, shown in groups of four.
 */
import { Spinner } from '@/components/ui/spinner';
import { useQrCode } from '../hooks/use-qr-code';
import { groupInFours, secretFromOtpauthUri } from '../lib/otpauth';
import { CopyButton } from '@/components/ui/copy-button/copy-button';

export function AuthenticatorSetup({ uri }: { uri: string }) {
  const secret = secretFromOtpauthUri(uri);
  const qr = useQrCode(uri);
  return (
    <div className="authenticator-setup">
      <ol className="authenticator-setup__steps">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy or
          any other).
        </li>
        <li>Add an account in it by scanning this QR code, or by typing the key below.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <div className="authenticator-setup__qr">
        {qr.src ? (
          <img src={qr.src} alt="QR code for your authenticator app" width={220} height={220} />
        ) : qr.failed ? (
          <p>The QR code could not be drawn here: type the key into your app instead.</p>
        ) : (
          <Spinner label="Drawing the QR code…" />
        )}
      </div>
      {secret ? (
        <div className="authenticator-setup__key">
          <p className="authenticator-setup__key-label" id="authenticator-key-label">
            Key, to type in instead (time-based)
          </p>
          <code className="authenticator-setup__key-text" aria-labelledby="authenticator-key-label" data-testid="authenticator-key">
            {groupInFours(secret)}
          </code>
          <CopyButton text={secret}>Copy the key</CopyButton>
        </div>
      ) : null}
    </div>
  );
}
