import { describe, expect, it } from 'vitest';
import {
  checkEnrolmentCode,
  checkSignInCode,
  CODE_REQUIRED,
  CODE_SIX_DIGITS,
  ENROLMENT_CODE_REQUIRED,
} from './sign-in-code';

describe('checkSignInCode', () => {
  it('sends six digits, however the app spaced them', () => {
    expect(checkSignInCode('287082')).toEqual({ ok: true, code: '287082' });
    expect(checkSignInCode(' 287 082 ')).toEqual({ ok: true, code: '287082' });
  });

  it('sends a recovery code as typed, trimmed', () => {
    expect(checkSignInCode(' abcd-efgh-jk ')).toEqual({ ok: true, code: 'abcd-efgh-jk' });
  });

  it('refuses an empty code and the wrong number of digits', () => {
    expect(checkSignInCode('  ')).toEqual({ ok: false, error: CODE_REQUIRED });
    expect(checkSignInCode('28708')).toEqual({ ok: false, error: CODE_SIX_DIGITS });
    expect(checkSignInCode('2870823')).toEqual({ ok: false, error: CODE_SIX_DIGITS });
  });
});

describe('checkEnrolmentCode', () => {
  it('sends the operator\'s code as typed, trimmed, and refuses an empty one', () => {
    expect(checkEnrolmentCode(' ABCD efgh-jkmn-pqrs-tuvw ')).toEqual({ ok: true, code: 'ABCD efgh-jkmn-pqrs-tuvw' });
    expect(checkEnrolmentCode('   ')).toEqual({ ok: false, error: ENROLMENT_CODE_REQUIRED });
  });
});
