import type { ChangeEvent } from 'react';
import { TextField } from '@/components/ui/form/text-field';

type Binding = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string;
};

/** A new password typed twice (change password, reset password), bound with `form.field('password' | 'confirm')`. */
export function NewPasswordFields({ password, confirm }: { password: Binding; confirm: Binding }) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        revealable
        {...password}
        hint="At least 6 characters."
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}
