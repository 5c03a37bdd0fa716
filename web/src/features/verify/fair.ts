/**
 * Provably fair verification, `ayo-lotto/v1` (docs/api-lotto.md; data/src/lotto/fair.rs), with the browser's
 * WebCrypto only:
 *
 * 1. commitment = hex(SHA-256(seed bytes));
 * 2. tickets_hash = hex(SHA-256(each ticket id in decimal followed by "\n", in the published order));
 * 3. a byte stream per label ("balls", "machine"): HMAC-SHA256(key = seed bytes,
 *    "ayo-lotto/v1|{label}|{draw_id}|{tickets_hash}|{counter}") for counter 0, 1, …;
 * 4. five numbers from a stream: a byte b ≥ 180 is rejected, else n = b % 90 + 1; repeats are skipped.
 *
 * Draws made under `ayo-lotto/v2` (a Merkle root of the tickets and an independent witness) are checked by
 * `fair-v2.ts` with the helpers exported here; old draws keep this scheme for ever.
 */

import { encodingCheck, misspelled } from './canonical';
import type { Check } from './check';

export const ALGORITHM = 'ayo-lotto/v1';
const REJECT_FROM = 180;
const HIGHEST = 90;
const COUNT = 5;
/** A stream needs about seven bytes; this many blocks (8 KiB) is never reached by an honest draw. */
const MAX_BLOCKS = 256;

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('This browser cannot check results here: WebCrypto needs a secure (https) page.');
  return api;
}

/**
 * Lowercase hex → bytes; throws on anything else, upper case and surrounding spaces included: a value has one
 * spelling (`canonical.ts`), so nothing is trimmed or lower-cased here.
 */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) throw new Error('Not lowercase hexadecimal text');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await subtle().digest('SHA-256', bytes));
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToHex(await sha256(bytes));
}

/** The bytes `tickets_hash` covers: `"17\n18\n1001\n"`. */
export function ticketIdsText(ids: readonly number[]): string {
  return ids.map((id) => `${id}\n`).join('');
}

export function ticketsHashOf(ids: readonly number[]): Promise<string> {
  return sha256Hex(encoder.encode(ticketIdsText(ids)));
}

export function blockMessage(label: string, drawId: number, ticketsHash: string, counter: number): string {
  return `${ALGORITHM}|${label}|${drawId}|${ticketsHash}|${counter}`;
}

/** One 32-byte block of a label's stream. */
export async function block(seed: Uint8Array<ArrayBuffer>, label: string, drawId: number, ticketsHash: string, counter: number) {
  const key = await subtle().importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', key, encoder.encode(blockMessage(label, drawId, ticketsHash, counter))));
}

/**
 * Five distinct numbers from 1–90 out of the stream of HMAC blocks keyed by `seed` over `messageOf(0)`,
 * `messageOf(1)`, …, in the order taken (the rejection sampling of every scheme).
 */
export async function numbersFromStream(
  seed: Uint8Array<ArrayBuffer>,
  messageOf: (counter: number) => string,
): Promise<number[]> {
  const key = await subtle().importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const taken: number[] = [];
  for (let counter = 0; counter < MAX_BLOCKS && taken.length < COUNT; counter += 1) {
    const bytes = new Uint8Array(await subtle().sign('HMAC', key, encoder.encode(messageOf(counter))));
    for (const b of bytes) {
      if (b >= REJECT_FROM) continue;
      const n = (b % HIGHEST) + 1;
      if (!taken.includes(n)) taken.push(n);
      if (taken.length === COUNT) break;
    }
  }
  return taken;
}

/** Five distinct numbers from 1–90 out of a label's stream, in the order taken. */
export function numbersFrom(
  seed: Uint8Array<ArrayBuffer>,
  label: 'balls' | 'machine',
  drawId: number,
  ticketsHash: string,
): Promise<number[]> {
  return numbersFromStream(seed, (counter) => blockMessage(label, drawId, ticketsHash, counter));
}

export type DrawToVerify = {
  id: number;
  seed: string | null;
  commitment: string | null;
  tickets_hash: string | null;
  numbers: number[] | null;
  machine_numbers: number[] | null;
};

/** The published balls are exactly these, in this order. */
export const same = (a: readonly number[] | null | undefined, b: readonly number[]) =>
  Array.isArray(a) && a.length === b.length && a.every((n, i) => n === b[i]);

/** Recomputes a draw from its revealed seed and its ticket list, and says which published values match. */
export async function verifyDraw(draw: DrawToVerify, ticketIds: readonly number[]): Promise<Check[]> {
  if (!draw.seed) throw new Error('The seed of this draw is not revealed yet.');
  const found = misspelled({ seed: draw.seed, commitment: draw.commitment, tickets_hash: draw.tickets_hash });
  if (found.length > 0) return [encodingCheck(found)];
  const seed = hexToBytes(draw.seed);
  const commitment = await sha256Hex(seed);
  const ticketsHash = await ticketsHashOf(ticketIds);
  // The balls are derived from the published tickets hash: that is what the server committed to at close.
  const published = draw.tickets_hash ?? ticketsHash;
  const balls = await numbersFrom(seed, 'balls', draw.id, published);
  const machine = await numbersFrom(seed, 'machine', draw.id, published);
  const count = ticketIds.length;
  const listed = (numbers: readonly number[] | null) => numbers?.join(', ') ?? 'nothing';
  return [
    {
      id: 'commitment',
      title: 'The seed matches the commitment published before sales',
      ok: commitment === draw.commitment,
      detail: 'The SHA-256 of the revealed seed must equal the fingerprint we published when the draw opened, so the seed cannot have been changed after tickets were sold.',
      values: [
        { label: 'SHA-256 of the seed', value: commitment },
        { label: 'Published commitment', value: draw.commitment ?? 'missing' },
      ],
    },
    {
      id: 'tickets',
      title: 'The ticket list matches the hash published at close',
      ok: ticketsHash === draw.tickets_hash,
      detail: `The SHA-256 of the ${count} ticket id${count === 1 ? '' : 's'} sold (one per line, in sale order) must equal the hash published when sales closed, so no ticket was added or dropped afterwards.`,
      values: [
        { label: 'SHA-256 of the ticket ids', value: ticketsHash },
        { label: 'Published tickets hash', value: draw.tickets_hash ?? 'missing' },
      ],
    },
    {
      id: 'balls',
      title: 'The winning numbers follow from the seed and the tickets',
      ok: same(draw.numbers, balls),
      detail: 'HMAC-SHA256 of the seed, the draw and the tickets hash gives a stream of bytes; each byte below 180 becomes a ball (byte mod 90, plus 1), repeats skipped, until five.',
      values: [
        { label: 'Worked out here', value: listed(balls) },
        { label: 'Drawn', value: listed(draw.numbers) },
        { label: 'First message', value: blockMessage('balls', draw.id, published, 0) },
      ],
    },
    {
      id: 'machine',
      title: 'The machine numbers follow from the seed and the tickets',
      ok: same(draw.machine_numbers, machine),
      detail: 'The same, from a second stream labelled "machine".',
      values: [
        { label: 'Worked out here', value: listed(machine) },
        { label: 'Shown', value: listed(draw.machine_numbers) },
      ],
    },
  ];
}
