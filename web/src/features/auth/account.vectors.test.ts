import { describe, expect, it } from 'vitest';
// The server's answers for the account fields (sign-up, profile, contact), published by data/tests/rule_vectors.rs
// from the data crate's parsers (`PersonName`, `Email`, `Password`, `DateOfBirth`). Blank fields are not among them:
// the routes refuse a blank required field with 'All fields are required' before any parser runs, as the app does.
import vectorsText from '../../../../docs/vectors/rules/account.json?raw';
import { checkEmailAddress, checkPassword, checkPersonName, EMAIL_MAX, NAME_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/validation';
import { checkDob } from './validation';

type Case = { input: string; answer: { value?: string; error?: string } };
const vectors = JSON.parse(vectorsText) as {
  today: string;
  name_max: number;
  email_max: number;
  password_min: number;
  password_max: number;
  name: Case[];
  email: Case[];
  password: Case[];
  dob: Case[];
};

const [year = 0, month = 1, day = 1] = vectors.today.split('-').map(Number);
const today = new Date(year, month - 1, day, 12);

describe('the app’s account checks against the server’s published vectors', () => {
  it('has the server’s lengths', () => {
    expect([NAME_MAX, EMAIL_MAX, PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([
      vectors.name_max,
      vectors.email_max,
      vectors.password_min,
      vectors.password_max,
    ]);
  });

  it.each([
    ['name', checkPersonName],
    ['email', checkEmailAddress],
    ['password', checkPassword],
    ['dob', (input: string) => checkDob(input, today)],
  ] as const)('answers every %s as the server does', (field, check) => {
    expect(vectors[field].length).toBeGreaterThan(4);
    for (const { input, answer } of vectors[field]) {
      expect(check(input), JSON.stringify(input)).toBe(answer.error);
    }
  });
});
