import { TextField } from '@/components/ui/form/text-field';
import { LIMITS } from '@/features/auth/validation';

/** The 6-digit code: numeric keyboard on phones, and the SMS/email autofill hint. */
export function OtpField({
  value,
  onChange,
  error,
  autoFocusFirst,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocusFirst?: boolean;
}) {
  return (
    <TextField
      label="6-digit code"
      name="otp"
      className="field--otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={LIMITS.otpLength}
      value={value}
      error={error}
      hint="Check your email (and the spam folder) for the code."
      autoFocusFirst={autoFocusFirst}
      onChange={(event) => onChange(event.target.value.replace(/\s/g, ''))}
    />
  );
}
