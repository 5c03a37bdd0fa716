import { useMutation } from '@tanstack/react-query';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useForm } from '@/components/ui/form/use-form';
import { paths } from '@/config/paths';
import { openLogin, openVerification } from '@/lib/auth-dialogs';
import { accountCreatedNotice, register } from '@/features/auth/api/register';
import { countries, DEFAULT_COUNTRY_CODE } from '@/features/auth/countries';
import { PhoneField } from '@/features/auth/components/phone-field';
import { LIMITS, validateSignUp, type SignUpField } from '@/features/auth/validation';
import { DAY_FIRST_PLACEHOLDER, typeDayFirst } from '@/lib/day-first-date';
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

/** Sign-up step 1 (docs/product.md §12–§13): name, email, date of birth, phone with country, password. */
export function SignupForm() {
  const form = useForm<Values, SignUpField>({
    name: '',
    email: '',
    dob: '',
    countryCode: DEFAULT_COUNTRY_CODE,
    phone: '',
    password: '',
    state: '',
  });
  const { values } = form;

  const mutation = useMutation({
    mutationFn: register,
    onSuccess: (response, payload) => {
      const email = response.data?.email ?? payload.email;
      openVerification(email, accountCreatedNotice(email));
    },
    onError: (error) =>
      form.serverErrors(error, {
        name: 'name',
        email: 'email',
        dob: 'dob',
        phoneNumber: 'phone',
        password: 'password',
        state: 'state',
      }),
  });

  const submit = form.submit(() => {
    const dialCode = countries.find((country) => country.code === values.countryCode)?.dial_code ?? '';
    return form.check(validateSignUp({ ...values, dialCode }, new Date()));
  }, mutation.mutate);

  return (
    <>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Full name"
          autoComplete="name"
          maxLength={LIMITS.nameMax + 10}
          {...form.field('name')}
          autoFocusFirst
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.field('email')}
        />
        {/* Day first, as Nigeria writes it: a browser's date box shows its machine's order (lib/day-first-date). */}
        <TextField
          label="Date of birth"
          inputMode="numeric"
          autoComplete="bday"
          placeholder={DAY_FIRST_PLACEHOLDER}
          maxLength={10}
          {...form.field('dob')}
          onChange={(event) => form.set('dob', typeDayFirst(values.dob, event.target.value))}
          hint="Day, month, year (e.g. 17/05/1990). You must be 18 or older to play."
        />
        <PhoneField
          countryCode={values.countryCode}
          onCountryChange={(code) => form.set('countryCode', code, 'phone')}
          phone={values.phone}
          onPhoneChange={(phone) => form.set('phone', phone)}
          error={form.hint('phone')}
        />
        <StateSelect
          value={values.state}
          onChange={(code) => form.set('state', code)}
          error={form.hint('state')}
          placeholder="Choose later"
          hint="Lotteries are licensed by state; we ask before your first deposit if you skip it."
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
          {...form.field('password')}
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
        <FormAlert>{form.message}</FormAlert>
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
