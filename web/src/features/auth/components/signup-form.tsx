import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/components/ui/toasts/toast-store';
import { paths } from '@/config/paths';
import { openLogin, openVerification } from '@/lib/auth-dialogs';
import { serverFieldErrors } from '@/lib/server-errors';
import { fieldHint, type FieldErrors } from '@/lib/validation';
import { ACCOUNT_CREATED, register } from '@/features/auth/api/register';
import { countries, DEFAULT_COUNTRY_CODE } from '@/features/auth/countries';
import { PhoneField } from '@/features/auth/components/phone-field';
import { LIMITS, validateSignUp, type SignUpField } from '@/features/auth/validation';
import { StateSelect } from '@/components/forms/state-select';

type Values = {
  name: string;
  email: string;
  dob: string;
  countryCode: string;
  phone: string;
  password: string;
  state: string;
};

/** The latest birthday that is 18 today, for the date picker's `max`. */
function latestAdultBirthday(today: Date): string {
  const year = today.getFullYear() - LIMITS.minimumAge;
  const month = String(today.getMonth() + 1).padStart(2, '0');
  const day = String(today.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** Sign-up step 1 (docs/product.md §12–§13): name, email, date of birth, phone with country, password. */
export function SignupForm() {
  const [values, setValues] = useState<Values>({
    name: '',
    email: '',
    dob: '',
    countryCode: DEFAULT_COUNTRY_CODE,
    phone: '',
    password: '',
    state: '',
  });
  const [errors, setErrors] = useState<FieldErrors<SignUpField>>({});
  const [message, setMessage] = useState<string>();

  const mutation = useMutation({
    mutationFn: register,
    onSuccess: (response, payload) => {
      toast.success(ACCOUNT_CREATED);
      const email = response.data?.email ?? payload.email;
      openVerification(email, `We sent a 6-digit code to ${email}. Enter it to verify your account.`);
    },
    onError: (error) => {
      setErrors(
        serverFieldErrors<SignUpField>(error, {
          name: 'name',
          email: 'email',
          dob: 'dob',
          phoneNumber: 'phone',
          password: 'password',
          state: 'state',
        }),
      );
    },
  });

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const errorField: SignUpField = field === 'countryCode' ? 'phone' : (field as SignUpField);
    setErrors((current) => ({ ...current, [errorField]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dialCode = countries.find((country) => country.code === values.countryCode)?.dial_code ?? '';
    const checked = validateSignUp({ ...values, dialCode }, new Date());
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      setMessage(checked.message);
      return;
    }
    setMessage(undefined);
    mutation.mutate(checked.payload);
  };

  return (
    <>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          maxLength={LIMITS.nameMax + 10}
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          error={fieldHint(errors.name)}
          autoFocusFirst
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          error={fieldHint(errors.email)}
        />
        <TextField
          label="Date of birth"
          name="dob"
          type="date"
          autoComplete="bday"
          max={latestAdultBirthday(new Date())}
          value={values.dob}
          onChange={(event) => set('dob', event.target.value)}
          error={fieldHint(errors.dob)}
          hint="You must be 18 or older to play."
        />
        <PhoneField
          countryCode={values.countryCode}
          onCountryChange={(code) => set('countryCode', code)}
          phone={values.phone}
          onPhoneChange={(phone) => set('phone', phone)}
          error={fieldHint(errors.phone)}
        />
        <StateSelect
          value={values.state}
          onChange={(code) => set('state', code)}
          error={fieldHint(errors.state)}
          placeholder="Choose later"
          hint="Lotteries are licensed by state; we ask before your first deposit if you skip it."
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          revealable
          value={values.password}
          onChange={(event) => set('password', event.target.value)}
          error={fieldHint(errors.password)}
          hint="At least 6 characters."
        />
        <p className="form__legal">
          By signing up you confirm you are 18 or older and accept our{' '}
          <a href={paths.termsConditions.getHref()} target="_blank" rel="noopener">
            Terms and Conditions<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          and{' '}
          <a href={paths.privacyPolicy.getHref()} target="_blank" rel="noopener">
            Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
        <FormAlert>{message}</FormAlert>
        <SubmitButton pending={mutation.isPending} pendingText="Creating your account…" tone="accent">
          Sign up
        </SubmitButton>
      </form>
      <p className="dialog__switch">
        Already have an account?{' '}
        <button type="button" className="button button--link" onClick={() => openLogin()}>
          Log in
        </button>
      </p>
    </>
  );
}
