/**
 * The ticket tree of `ayo-lotto/v2` (docs/fairness.md; data/src/merkle.rs), with WebCrypto only. It is the
 * tree of Certificate Transparency (RFC 6962 §2.1, RFC 9162 §2.1):
 *
 * - a leaf hashes as SHA-256(0x00 ‖ UTF-8 of its leaf data), an interior node as SHA-256(0x01 ‖ left ‖ right),
 *   so a leaf can never pass for a node;
 * - the empty tree's root is SHA-256 of nothing;
 * - built level by level, an unpaired last node is carried up unchanged (never paired with itself), which is the
 *   same tree as RFC 6962's recursive MTH;
 * - a receipt's proof is checked with RFC 9162 §2.1.3.2, step by step as the RFC writes it.
 *
 * Hashes travel as lowercase hex, as the server publishes them.
 */
import { bytesToHex, hexToBytes, sha256 } from './fair';

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;
const HASH_HEX = /^[0-9a-f]{64}$/;
const encoder = new TextEncoder();

function prefixed(prefix: number, ...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(1 + parts.reduce((sum, part) => sum + part.length, 0));
  out[0] = prefix;
  let at = 1;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** SHA-256(0x00 ‖ leaf data), as bytes. */
async function leafBytes(leafData: string): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(prefixed(LEAF_PREFIX, encoder.encode(leafData)));
}

/** SHA-256(0x01 ‖ left ‖ right), as bytes. */
function nodeBytes(left: Uint8Array, right: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(prefixed(NODE_PREFIX, left, right));
}

/** hex SHA-256(0x00 ‖ UTF-8 of `leafData`): a ticket's leaf. */
export async function leafHash(leafData: string): Promise<string> {
  return bytesToHex(await leafBytes(leafData));
}

/** hex SHA-256(0x01 ‖ left ‖ right) of two hex hashes. */
export async function nodeHash(left: string, right: string): Promise<string> {
  return bytesToHex(await nodeBytes(hexToBytes(left), hexToBytes(right)));
}

/** A hash as the server writes it: 64 lowercase hex characters. */
export function isHash(value: unknown): value is string {
  return typeof value === 'string' && HASH_HEX.test(value);
}

/** The root over `leaves` (leaf hashes, hex, in ticket-id order). */
export async function merkleRoot(leaves: readonly string[]): Promise<string> {
  if (leaves.length === 0) return bytesToHex(await sha256(new Uint8Array(0)));
  let level = leaves.map(hexToBytes);
  while (level.length > 1) level = await nextLevel(level);
  return bytesToHex(level[0] as Uint8Array);
}

/** The root over the leaf data of every ticket, in ticket-id order. */
export async function merkleRootOfData(leavesData: readonly string[]): Promise<string> {
  const leaves = await Promise.all(leavesData.map(leafHash));
  return merkleRoot(leaves);
}

/** The audit path of leaf `index` (sibling hashes from the leaf up), as the server makes receipts. */
export async function inclusionProof(leaves: readonly string[], index: number): Promise<string[]> {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length) throw new Error(`No leaf ${index}`);
  const path: string[] = [];
  let level = leaves.map(hexToBytes);
  let at = index;
  while (level.length > 1) {
    const sibling = level[at ^ 1];
    // An unpaired last node is carried up without a sibling, so it adds nothing to the path.
    if (sibling) path.push(bytesToHex(sibling));
    level = await nextLevel(level);
    at = Math.floor(at / 2);
  }
  return path;
}

async function nextLevel(level: Uint8Array<ArrayBuffer>[]): Promise<Uint8Array<ArrayBuffer>[]> {
  const next: Promise<Uint8Array<ArrayBuffer>>[] = [];
  for (let i = 0; i < level.length; i += 2) {
    const left = level[i] as Uint8Array<ArrayBuffer>;
    const right = level[i + 1];
    next.push(right ? nodeBytes(left, right) : Promise.resolve(left));
  }
  return Promise.all(next);
}

export type InclusionClaim = {
  /** hex leaf hash */
  leaf: string;
  /** 0-based */
  index: number;
  treeSize: number;
  /** hex sibling hashes */
  proof: readonly string[];
  /** hex root */
  root: string;
};

/**
 * RFC 9162 §2.1.3.2: whether `proof` shows `leaf` is leaf `index` of a tree of `treeSize` leaves whose root is
 * `root`. Anything malformed (an index outside the tree, a hash that is not 64 hex characters) is simply false.
 * Indexes are JavaScript numbers, so `>>>` and `& 1` are exact up to 2³¹ leaves, far beyond any draw.
 */
export async function verifyInclusion({ leaf, index, treeSize, proof, root }: InclusionClaim): Promise<boolean> {
  if (!isHash(leaf) || !isHash(root) || !proof.every(isHash)) return false;
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return false;
  if (treeSize > 2 ** 31) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = hexToBytes(leaf);
  for (const hex of proof) {
    if (sn === 0) return false;
    const p = hexToBytes(hex);
    if ((fn & 1) === 1 || fn === sn) {
      r = await nodeBytes(p, r);
      if ((fn & 1) === 0) {
        while ((fn & 1) === 0 && fn !== 0) {
          fn >>>= 1;
          sn >>>= 1;
        }
      }
    } else {
      r = await nodeBytes(r, p);
    }
    fn >>>= 1;
    sn >>>= 1;
  }
  return sn === 0 && bytesToHex(r) === root;
}
