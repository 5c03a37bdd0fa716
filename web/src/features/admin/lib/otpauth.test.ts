import { describe, expect, it } from 'vitest';
import { groupInFours, secretFromOtpauthUri } from './otpauth';

const URI =
  'otpauth://totp/Ayo%20Lotto:admin%40ayolotto.demo?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ayo%20Lotto&algorithm=SHA1&digits=6&period=30';

describe('secretFromOtpauthUri', () => {
  it('reads the secret of the URI the server sends at enrolment', () => {
    expect(secretFromOtpauthUri(URI)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  });

  it('forgives lower case and padding', () => {
    expect(secretFromOtpauthUri('otpauth://totp/x?secret=jbswy3dpehpk3pxp%3D%3D')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('answers null for no secret, a secret that is not base32, or no URI at all', () => {
    expect(secretFromOtpauthUri('otpauth://totp/x?issuer=Ayo')).toBeNull();
    expect(secretFromOtpauthUri('otpauth://totp/x?secret=ABC1')).toBeNull();
    expect(secretFromOtpauthUri('not a uri')).toBeNull();
  });
});

describe('groupInFours', () => {
  it('splits a secret into groups of four, the last one shorter when it must be', () => {
    expect(groupInFours('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupInFours('JBSWY3DPEH')).toBe('JBSW Y3DP EH');
    expect(groupInFours('')).toBe('');
  });
});
