import { describe, expect, it } from 'vitest';
// The server's answers for what a player types in the phone field with Nigeria picked, published by
// data/tests/rule_vectors.rs from `PhoneNumber::parse` (docs/decisions/050-one-phone-rule.md).
import vectorsText from '../../../../docs/vectors/rules/phone.json?raw';
import { checkPhone, LIMITS, NIGERIA_DIAL_CODE } from './validation';

type Case = { input: string; answer: { value?: string; error?: string } };
const vectors = JSON.parse(vectorsText) as {
  dial_code: string;
  nigeria_digits: number;
  min_digits: number;
  max_digits: number;
  nigeria: Case[];
};

describe('the app’s phone check against the server’s published vectors', () => {
  it('has the server’s dial code and digit counts', () => {
    expect([NIGERIA_DIAL_CODE, LIMITS.nigeriaDigits, LIMITS.phoneMinDigits, LIMITS.phoneMaxDigits]).toEqual([
      vectors.dial_code,
      vectors.nigeria_digits,
      vectors.min_digits,
      vectors.max_digits,
    ]);
  });

  it('refuses what the server refuses, with its words, and sends the number the server keeps', () => {
    expect(vectors.nigeria.length).toBeGreaterThan(10);
    for (const { input, answer } of vectors.nigeria) {
      const checked = checkPhone(input, vectors.dial_code);
      const got = checked.ok ? { value: checked.fullNumber } : { error: checked.message };
      expect(got, JSON.stringify(input)).toEqual(answer);
    }
  });
});
