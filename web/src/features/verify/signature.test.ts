import { describe, expect, it } from 'vitest';
// The signed receipts of the published vectors (docs/vectors/ayo-lotto-v2.json, written by the server's functions):
// some as signed, some altered, each saying whether it must verify.
import vectorsText from '../../../../docs/vectors/ayo-lotto-v2.json?raw';
import { signedText, verifyTicketSignature } from './signature';

type SignedVector = {
  how: string;
  public_key: string;
  leaf_data: string;
  leaf: string;
  commitment: string;
  signed_text: string;
  signature: string;
  valid: boolean;
};

const { signed_receipts: cases } = JSON.parse(vectorsText) as { signed_receipts: SignedVector[] };

describe('the browser checks the operator\u2019s signature on a ticket', () => {
  it('has signed and altered vectors to check', () => {
    expect(cases.some((c) => c.valid)).toBe(true);
    expect(cases.some((c) => !c.valid)).toBe(true);
  });

  it.each(cases.map((c) => [c.how, c] as const))('%s', async (_, c) => {
    expect(signedText(c.leaf, c.commitment)).toBe(c.signed_text);
    expect(await verifyTicketSignature(c.public_key, c, c.signature)).toBe(c.valid);
  });

  it('refuses a signature or key re-spelled in upper case', async () => {
    const good = cases.find((c) => c.valid);
    if (!good) throw new Error('no valid vector');
    expect(await verifyTicketSignature(good.public_key, good, good.signature.toUpperCase())).toBe(false);
    expect(await verifyTicketSignature(good.public_key.toUpperCase(), good, good.signature)).toBe(false);
  });

  it('refuses leaf data that is not what the leaf hashes', async () => {
    const good = cases.find((c) => c.valid);
    if (!good) throw new Error('no valid vector');
    const raised = { ...good, leaf_data: good.leaf_data.replace('|ticket|', '|ticket|1') };
    expect(await verifyTicketSignature(good.public_key, raised, good.signature)).toBe(false);
  });
});
