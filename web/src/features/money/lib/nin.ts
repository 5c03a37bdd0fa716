/**
 * The NIN formats NIMC defines, as the server checks them (data/src/identity.rs): a NIN is 11 digits and nothing
 * else (no check digit is published); a virtual NIN is 16 characters, 2 letters, 12 digits, 2 letters.
 */
export const NIN_LENGTH = 11;

/** Digits only, at most 11: what the NIN input keeps of what was typed or pasted. */
export function ninDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, NIN_LENGTH);
}

export function checkNin(nin: string): string | undefined {
  if (!nin) return 'Enter your NIN (11 digits)';
  if (!/^\d{11}$/.test(nin)) return 'A NIN is 11 digits';
  return undefined;
}

export function checkVnin(vnin: string): string | undefined {
  const v = vnin.replace(/[\s-]/g, '').toUpperCase();
  if (!v) return 'Enter your virtual NIN';
  if (!/^[A-Z]{2}\d{12}[A-Z]{2}$/.test(v)) {
    return 'A virtual NIN is 16 characters: 2 letters, 12 digits, 2 letters (e.g. AB012345678910YZ)';
  }
  return undefined;
}
