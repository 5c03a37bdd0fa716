import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkDob,
  checkEmail,
  checkName,
  checkOtp,
  checkPhone,
  validateLogin,
  validateOtp,
  validateResetPassword,
  validateSignUp,
  type SignUpValues,
} from '@/features/auth/validation';
import { checkPassword, validateChangePassword } from '@/lib/validation';

const valid: SignUpValues = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  dob: '1990-05-17',
  dialCode: '+234',
  phone: '08012345678',
  password: 'secret1',
};
const today = new Date(2026, 10, 22); // 22 Nov 2026, local time

describe('logging in', () => {
  it('asks for both fields with "All fields are required"', () => {
    expect(validateLogin({ userIdentity: '', password: 'x' })).toMatchObject({
      ok: false,
      message: 'All fields are required',
    });
    expect(validateLogin({ userIdentity: 'ada@example.com', password: '' })).toMatchObject({
      ok: false,
      message: 'All fields are required',
    });
    expect(validateLogin({ userIdentity: '   ', password: '' })).toMatchObject({ ok: false });
  });

  it('accepts an email or a phone number with a password, trimmed', () => {
    expect(validateLogin({ userIdentity: ' 08012345678 ', password: 'pw' })).toEqual({
      ok: true,
      payload: { userIdentity: '08012345678', password: 'pw' },
    });
  });
});

describe('signing up', () => {
  it('sends the full phone number: dial code plus the digits without the leading zero', () => {
    expect(validateSignUp(valid, today)).toEqual({
      ok: true,
      payload: {
        name: 'Ada Obi',
        email: 'ada@example.com',
        dob: '1990-05-17',
        phoneNumber: '+2348012345678',
        password: 'secret1',
      },
    });
  });

  it('says "All fields are required" and names each problem when a field is missing or invalid', () => {
    const result = validateSignUp({ ...valid, name: '', password: '123' }, today);
    expect(result).toMatchObject({
      ok: false,
      message: 'All fields are required',
      fieldErrors: { name: 'All fields are required', password: 'Password must be upto 6 characters' },
    });
  });

  it('names the problem, not "All fields are required", when every field is filled but one is wrong', () => {
    const result = validateSignUp({ ...valid, email: 'ada@example' }, today);
    expect(result).toMatchObject({
      ok: false,
      message: 'Enter a valid email address',
      fieldErrors: { email: 'Enter a valid email address' },
    });
    const young = validateSignUp({ ...valid, dob: '2010-01-01', password: '123' }, today);
    expect(young).toMatchObject({ ok: false, message: 'You must be at least 18 years old' });
  });

  it('says "All fields are required" when the only empty field is the phone', () => {
    expect(validateSignUp({ ...valid, phone: '' }, today)).toMatchObject({
      ok: false,
      message: 'All fields are required',
      fieldErrors: { phone: 'Phone number is required' },
    });
  });

  it('refuses an empty form with every field flagged', () => {
    const result = validateSignUp(
      { name: '', email: '', dob: '', dialCode: '+234', phone: '', password: '' },
      today,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toBe('All fields are required');
      expect(Object.keys(result.fieldErrors).sort()).toEqual(['dob', 'email', 'name', 'password', 'phone']);
      expect(result.fieldErrors.phone).toBe('Phone number is required');
    }
  });
});

describe('name', () => {
  it('allows 69 and 70 characters and refuses 71', () => {
    expect(checkName('a'.repeat(69))).toBeUndefined();
    expect(checkName('a'.repeat(70))).toBeUndefined();
    expect(checkName('a'.repeat(71))).toBe('Name must be at most 70 characters');
  });
});

describe('email', () => {
  it('allows 50 characters and refuses 51', () => {
    const at50 = `${'a'.repeat(38)}@example.com`;
    expect(at50).toHaveLength(50);
    expect(checkEmail(at50)).toBeUndefined();
    expect(checkEmail(`a${at50}`)).toBe('Email must be at most 50 characters');
  });

  it('accepts normal addresses and refuses odd ones', () => {
    for (const ok of ['ada@example.com', 'ada.obi+lotto@mail.example.ng', 'A_B@x.io']) {
      expect(checkEmail(ok)).toBeUndefined();
    }
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'ada obi@example.com', 'a@b@c.com', 'ada@.com']) {
      expect(checkEmail(bad)).toBe('Enter a valid email address');
    }
  });
});

describe('password', () => {
  it('refuses 5 characters with the hint and accepts 6', () => {
    expect(checkPassword('12345')).toBe('Password must be upto 6 characters');
    expect(checkPassword('123456')).toBeUndefined();
  });
});

describe('age', () => {
  it('is 18 on the 18th birthday and 17 the day before', () => {
    expect(ageOn('2008-11-22', today)).toBe(18);
    expect(ageOn('2008-11-23', today)).toBe(17);
  });

  it('lets in a player whose 18th birthday is today and refuses one whose birthday is tomorrow', () => {
    expect(checkDob('2008-11-22', today)).toBeUndefined();
    expect(checkDob('2008-11-23', today)).toBe('You must be at least 18 years old');
  });

  it('is stricter than the bare year difference', () => {
    // 2026 − 2008 = 18, but the birthday in December is not reached yet.
    expect(checkDob('2008-12-01', today)).toBe('You must be at least 18 years old');
  });

  it('reaches a 29 February birthday on 1 March in other years', () => {
    expect(ageOn('2008-02-29', new Date(2026, 1, 28))).toBe(17);
    expect(ageOn('2008-02-29', new Date(2026, 2, 1))).toBe(18);
  });

  it('refuses dates that do not exist', () => {
    expect(checkDob('1990-02-30', today)).toBe('Enter your date of birth as YYYY-MM-DD');
    expect(checkDob('17/05/1990', today)).toBe('Enter your date of birth as YYYY-MM-DD');
  });
});

describe('phone number', () => {
  it('gives each message of docs/product.md §13 in order', () => {
    expect(checkPhone('', '+234')).toEqual({ ok: false, message: 'Phone number is required' });
    expect(checkPhone('8012345678', '')).toEqual({ ok: false, message: 'Please select a country' });
    expect(checkPhone('801-234-5678', '+234')).toEqual({
      ok: false,
      message: 'Phone number should contain only digits',
    });
    expect(checkPhone('+2348012345678', '+234')).toEqual({
      ok: false,
      message: 'Phone number should contain only digits',
    });
  });

  it('refuses 9 digits, accepts 10 and 15, refuses 16', () => {
    expect(checkPhone('9'.repeat(9), '+234')).toEqual({
      ok: false,
      message: 'Phone number should be at least 10 digits',
    });
    expect(checkPhone('9'.repeat(10), '+234')).toMatchObject({ ok: true });
    expect(checkPhone('9'.repeat(15), '+1')).toMatchObject({ ok: true });
    expect(checkPhone('9'.repeat(16), '+1')).toEqual({
      ok: false,
      message: 'Phone number should not exceed 15 digits',
    });
  });

  it('strips one leading zero before counting, so 0 + 9 digits is too short', () => {
    expect(checkPhone('08012345678', '+234')).toEqual({
      ok: true,
      digits: '8012345678',
      fullNumber: '+2348012345678',
    });
    expect(checkPhone('0801234567', '+234')).toEqual({
      ok: false,
      message: 'Phone number should be at least 10 digits',
    });
  });
});

describe('OTP', () => {
  it('needs exactly 6 characters', () => {
    expect(checkOtp('12345')).toBe('Make sure you entered the OTP sent to your email');
    expect(checkOtp('123456')).toBeUndefined();
    expect(checkOtp('1234567')).toBe('Make sure you entered the OTP sent to your email');
    expect(validateOtp('')).toMatchObject({ ok: false, message: 'Make sure you entered the OTP sent to your email' });
    expect(validateOtp(' 123456 ')).toEqual({ ok: true, payload: { otp: '123456' } });
  });
});

describe('setting a new password', () => {
  it('names a short code with the OTP message when it is the only problem', () => {
    expect(validateResetPassword({ otp: '123', password: 'secret1', confirm: 'secret1' })).toMatchObject({
      ok: false,
      message: 'Make sure you entered the OTP sent to your email',
    });
  });

  it('says the two passwords differ', () => {
    expect(validateResetPassword({ otp: '123456', password: 'secret1', confirm: 'secret2' })).toMatchObject({
      ok: false,
      fieldErrors: { confirm: 'Passwords do not match' },
    });
    expect(validateChangePassword({ current: 'old', password: 'secret1', confirm: 'secret2' })).toMatchObject({
      ok: false,
      fieldErrors: { confirm: 'Passwords do not match' },
    });
  });

  it('sends current_password and password when all is well', () => {
    expect(validateChangePassword({ current: 'old', password: 'secret1', confirm: 'secret1' })).toEqual({
      ok: true,
      payload: { current_password: 'old', password: 'secret1' },
    });
  });
});
