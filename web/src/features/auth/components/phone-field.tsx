import { useId } from 'react';
import { TextField } from '@/components/ui/form/text-field';
import { countries } from '@/features/auth/countries';

/**
 * docs/product.md §13 phone input: a country picker (flag, name and dial code; Nigeria first by default) and the number
 * without its country code. A native <select> keeps it light and works with every screen reader.
 */
export function PhoneField({
  countryCode,
  onCountryChange,
  phone,
  onPhoneChange,
  error,
}: {
  countryCode: string;
  onCountryChange: (code: string) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  error?: string;
}) {
  const selectId = useId();
  const dialCode = countries.find((country) => country.code === countryCode)?.dial_code;
  return (
    <div className="phone-field">
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Country
        </label>
        <select
          id={selectId}
          name="country"
          className="field__input field__select"
          value={countryCode}
          autoComplete="tel-country-code"
          onChange={(event) => onCountryChange(event.target.value)}
        >
          <option value="">Select a country</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {`${country.flag} ${country.name} (${country.dial_code})`}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Phone number"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        value={phone}
        error={error}
        hint={dialCode ? `Without ${dialCode}${countryCode === 'NG' ? ', e.g. 08012345678' : ''}` : undefined}
        adornment={
          dialCode ? (
            <span className="field__prefix" aria-hidden="true">
              {dialCode}
            </span>
          ) : undefined
        }
        onChange={(event) => onPhoneChange(event.target.value)}
      />
    </div>
  );
}
