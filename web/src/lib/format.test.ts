import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatNaira, maskPhone } from '@/lib/format';

describe('naira amounts', () => {
  it('shows kobo as naira with the ₦ sign, thousands separators and two decimals', () => {
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(125_000)).toBe('₦1,250.00');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(1_000_000_000)).toBe('₦10,000,000.00');
  });
});

describe('masked phone numbers', () => {
  it('keeps the first three and the last four digits, without the plus', () => {
    expect(maskPhone('+2348012345678')).toBe('234******5678');
    expect(maskPhone('08012345678')).toBe('080****5678');
  });

  it('leaves a number too short to hide anything as it is', () => {
    expect(maskPhone('1234567')).toBe('1234567');
    expect(maskPhone('12345678')).toBe('123*5678');
  });
});

describe('dates', () => {
  it('reads a date of birth as 17 May 1990, never shifted by the time zone', () => {
    expect(formatCalendarDate('1990-05-17')).toBe('17 May 1990');
    expect(formatCalendarDate('2000-01-01')).toBe('1 Jan 2000');
    expect(formatCalendarDate('2026-11-22T03:00:00Z')).toBe('22 Nov 2026');
  });
});
