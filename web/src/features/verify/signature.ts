/**
 * The operator's signature on a sold ticket (docs/fairness.md, "Signed receipts"): Ed25519 (RFC 8032) over the
 * ASCII text `ayo-lotto/v2|receipt|{leaf}|{commitment}`, where `leaf` is SHA-256(0x00 ‖ leaf data) and `commitment`
 * the draw's seed commitment, both 64 lowercase hex, verified with the key published at `GET /fairness/receipt-key`.
 * With it a player can show anyone that this exact ticket was sold, on a draw committed to that seed.
 *
 * Checked with the browser's own WebCrypto (Ed25519); a browser without it says so rather than pretending.
 */
import type { Check } from './check';
import { refusalOf } from './canonical';
import { hexToBytes } from './fair';
import { leafHash } from './merkle';

/** What a ticket's signature covers, as the ticket's JSON carries it. */
export type SignedTicket = { leaf_data: string; leaf: string; commitment: string };

/** `true`/`false`, or `'unsupported'` when this browser has no Ed25519. */
export type SignatureVerdict = boolean | 'unsupported';

/** The exact text that is signed. */
export function signedText(leaf: string, commitment: string): string {
  return `ayo-lotto/v2|receipt|${leaf}|${commitment}`;
}

/** Whether `signature` is `publicKey`'s over `signed`, its leaf being the hash of its leaf data; every value in its
 * one spelling (lowercase hex of the exact length), as everywhere else. */
export async function verifyTicketSignature(
  publicKey: string,
  signed: SignedTicket,
  signature: string,
): Promise<SignatureVerdict> {
  if (refusalOf(publicKey) || refusalOf(signed.leaf) || refusalOf(signed.commitment)) return false;
  if (!/^[0-9a-f]{128}$/.test(signature)) return false;
  if ((await leafHash(signed.leaf_data)) !== signed.leaf) return false;
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('raw', hexToBytes(publicKey), { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    // A key of the right shape that WebCrypto cannot take: this browser has no Ed25519 (or the key is no point).
    if (error instanceof DOMException && error.name === 'NotSupportedError') return 'unsupported';
    return false;
  }
  const message = new TextEncoder().encode(signedText(signed.leaf, signed.commitment));
  return crypto.subtle.verify({ name: 'Ed25519' }, key, hexToBytes(signature), message);
}

/** (f) of a receipt: the operator signed this very ticket — the leaf under the root — on this draw's commitment. */
export async function signatureCheck(
  publicKey: string,
  signed: SignedTicket | null | undefined,
  signature: string | null | undefined,
  committed: { leaf: string; commitment: string },
): Promise<Check> {
  const values = [
    { label: 'Operator\u2019s public key', value: publicKey },
    { label: 'Signature', value: signature ?? 'missing' },
  ];
  const title = 'The operator signed this ticket when it was sold';
  if (!signed || !signature) {
    return { id: 'signature', title, ok: false, detail: 'The ticket carries no signature.', values };
  }
  const verdict = await verifyTicketSignature(publicKey, signed, signature);
  if (verdict === 'unsupported') {
    return {
      id: 'signature',
      title,
      ok: true,
      notApplicable: true,
      detail: 'This browser cannot check Ed25519 signatures; any up-to-date browser can.',
      values,
    };
  }
  const same = signed.leaf === committed.leaf && signed.commitment === committed.commitment;
  return {
    id: 'signature',
    title,
    ok: verdict && same,
    detail:
      'The signature, checked with the key the operator publishes, covers this ticket\u2019s leaf and the draw\u2019s commitment: you can show it to anyone as proof of the sale.',
    values: [...values, { label: 'Signed text', value: signedText(signed.leaf, signed.commitment) }],
  };
}
