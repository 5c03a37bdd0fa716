import { describe, expect, it } from 'vitest';
import { checkMessage, checkSubject, validateContact, type ContactValues } from './validation';

const valid: ContactValues = {
  name: '  Chidi   Okeke ',
  email: ' Chidi@Example.com ',
  subject: ' My deposit ',
  message: '  I paid an hour ago and my balance has not changed.  ',
};

describe('the contact form rules (the server’s)', () => {
  it('sends trimmed values when every field is fine', () => {
    expect(validateContact(valid)).toEqual({
      ok: true,
      payload: {
        name: 'Chidi   Okeke',
        email: 'Chidi@Example.com',
        subject: 'My deposit',
        message: 'I paid an hour ago and my balance has not changed.',
      },
    });
  });

  it('says "All fields are required" when any field is empty, and names each problem', () => {
    expect(validateContact({ ...valid, subject: '   ', email: 'nope' })).toEqual({
      ok: false,
      message: 'All fields are required',
      fieldErrors: {
        name: undefined,
        email: 'Enter a valid email address',
        subject: 'All fields are required',
        message: undefined,
      },
    });
  });

  it('gives the first problem as the message when nothing is missing', () => {
    const result = validateContact({ ...valid, name: 'a'.repeat(71), message: 'short' });
    expect(result).toMatchObject({ ok: false, message: 'Name must be at most 70 characters' });
  });

  it('allows a subject of 120 characters and a message of 10 to 5,000, counting characters as the server does', () => {
    expect(checkSubject('s'.repeat(120))).toBeUndefined();
    expect(checkSubject('s'.repeat(121))).toBe('Subject must be at most 120 characters');
    // An emoji is one character to the server (two UTF-16 units to JavaScript).
    expect(checkSubject('🎉'.repeat(120))).toBeUndefined();
    expect(checkMessage('123456789')).toBe('Message must be between 10 and 5,000 characters');
    expect(checkMessage('  1234567890  ')).toBeUndefined();
    expect(checkMessage('m'.repeat(5_000))).toBeUndefined();
    expect(checkMessage('m'.repeat(5_001))).toBe('Message must be between 10 and 5,000 characters');
  });

  it('refuses the addresses the server refuses', () => {
    for (const bad of ['a..b@example.com', '.ada@example.com', 'ada@-example.com', 'ada@example.c0m', 'ada@exa_mple.com']) {
      expect(validateContact({ ...valid, email: bad }).ok, bad).toBe(false);
    }
  });
});
