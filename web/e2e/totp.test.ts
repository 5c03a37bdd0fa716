// A unit test run by Vitest (npm test), not a Playwright journey: Playwright runs only *.spec.ts.
import { describe, expect, it } from 'vitest';
import { base32Decode, otpauthSecret, stepAt, totp, totpAtStep } from './totp';

// RFC 6238 appendix B: the SHA-1 key is the ASCII "12345678901234567890", here in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totp', () => {
  it('follows the RFC 6238 test vectors', () => {
    expect(base32Decode(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
    expect(totp(RFC_SECRET, 59_000, 8)).toBe('94287082');
    expect(totp(RFC_SECRET, 59_000)).toBe('287082');
    expect(totp(RFC_SECRET, 1_111_111_109_000, 8)).toBe('07081804');
    expect(totp(RFC_SECRET, 2_000_000_000_000, 8)).toBe('69279037');
  });

  it('counts 30-second steps and forgives lower case, spaces and padding', () => {
    expect(stepAt(59_999)).toBe(1);
    expect(stepAt(60_000)).toBe(2);
    expect(totpAtStep('gezd gnbv gy3t qojq gezd gnbv gy3t qojq==', 1)).toBe('287082');
  });

  it('reads the secret of the demo admin line the server prints', () => {
    const uri =
      'otpauth://totp/Ayo%20Lotto:admin%40ayolotto.demo?secret=JBSWY3DPEHPK3PXP&issuer=Ayo%20Lotto&algorithm=SHA1&digits=6&period=30';
    expect(otpauthSecret(uri)).toBe('JBSWY3DPEHPK3PXP');
  });
});
