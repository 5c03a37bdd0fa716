import { describe, expect, it } from 'vitest';
import { checkNin, checkVnin, ninDigits } from './nin';

describe('NIN formats', () => {
  it('keeps 11 digits of what was typed or pasted', () => {
    expect(ninDigits('701 234-56789')).toBe('70123456789');
    expect(ninDigits('701234567890123')).toBe('70123456789');
  });

  it('accepts 11 digits and nothing else', () => {
    expect(checkNin('70123456789')).toBeUndefined();
    expect(checkNin('')).toMatch(/Enter your NIN/);
    expect(checkNin('7012345678')).toMatch(/11 digits/);
  });

  it('accepts a virtual NIN of 2 letters, 12 digits, 2 letters', () => {
    expect(checkVnin('ab012345678910yz')).toBeUndefined();
    expect(checkVnin('AB0123456789YZ')).toMatch(/16 characters/);
  });
});
