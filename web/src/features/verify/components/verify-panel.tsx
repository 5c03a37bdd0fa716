/**
 * The Verify panel (docs/product.md §6): recomputes a drawn result in this browser, with WebCrypto, and shows each
 * check with ✓ or ✗ and what was compared. Each draw is checked by the scheme it was made under: `ayo-lotto/v1` (seed,
 * commitment and the hash of the ticket ids) or `ayo-lotto/v2` (seed, commitment, the independent witness and the
 * Merkle root of the tickets). Loaded only when a player opens it.
 */
import type { Draw } from '@/types/lotto';
import { isV2 } from '../fair-v2';
import { VerifyV1 } from './verify-v1';
import { VerifyV2 } from './verify-v2';
import './verify.css';

export default function VerifyPanel({ draw }: { draw: Draw }) {
  return isV2(draw) ? <VerifyV2 draw={draw} /> : <VerifyV1 draw={draw} />;
}
