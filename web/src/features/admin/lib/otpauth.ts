/**
 * The `otpauth://totp/…?secret=…` URI (Key Uri Format) the server gives an admin who sets up two-step sign-in:
 * the QR code is the whole URI; the secret inside it is what a person types into an app that cannot scan.
 */

/** The base32 `secret` parameter of an otpauth URI, upper-cased without spaces or padding; null when absent. */
export function secretFromOtpauthUri(uri: string): string | null {
  let secret: string | null;
  try {
    secret = new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
  const clean = (secret ?? '').replace(/[\s=]/g, '').toUpperCase();
  return /^[A-Z2-7]+$/.test(clean) ? clean : null;
}

/** `JBSWY3DPEHPK3PXP` → `JBSW Y3DP EHPK 3PXP`: groups of four are easier to read out and type. */
export function groupInFours(secret: string): string {
  const clean = secret.replace(/\s/g, '');
  return (clean.match(/.{1,4}/g) ?? []).join(' ');
}
