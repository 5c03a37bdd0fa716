/**
 * "Seen before buying" (docs/fairness.md): the draw on sale's commitment, shortened with a copy button for the whole,
 * and who besides us fixes its balls: the named witness (with its public note, so the demo's own witness reads as
 * run by the operator, for the demo only) and/or the drand beacon round after close. Shown above the slip, before Buy.
 */
import { CopyButton } from '@/components/ui/copy-button/copy-button';
import type { Draw } from '@/types/lotto';
import { useWitnesses, type WitnessEntry } from '../api/witnesses';

/** `3e23e816…b1a7009d`: the first and last 8 of a 64-hex value. */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
}

function witnessNote(draw: Draw, entries: readonly WitnessEntry[] | undefined): string | null {
  const key = draw.witness?.public_key;
  if (!key) return null;
  return entries?.find((entry) => entry.public_key === key)?.note ?? null;
}

export function DrawFairness({ draw }: { draw: Draw }) {
  const { data: entries } = useWitnesses();
  const witness = draw.witness ?? null;
  const beacon = draw.beacon ?? null;
  const note = witnessNote(draw, entries);
  const commitment = draw.commitment ?? '';
  return (
    <section className="draw-fairness" aria-label={`Fairness of draw ${draw.id}`} data-testid="draw-fairness">
      <p className="draw-fairness__row">
        <span className="draw-fairness__label">Commitment</span>{' '}
        <code className="draw-fairness__hash" title={commitment} data-testid="draw-commitment">
          {shortHash(commitment)}
        </code>
      </p>
      {commitment ? (
        <CopyButton text={commitment} label={`Copy the commitment of draw ${draw.id}`}>
          Copy
        </CopyButton>
      ) : null}
      {witness?.name ? (
        <p className="draw-fairness__row" data-testid="draw-witness">
          <span className="draw-fairness__label">Witness</span> {witness.name}
          {note ? <span className="draw-fairness__note"> — {note}</span> : null}
        </p>
      ) : null}
      {beacon ? (
        <p className="draw-fairness__row" data-testid="draw-beacon">
          <span className="draw-fairness__label">Beacon</span> drand {beacon.network} round {beacon.round}, the first
          after sales close
        </p>
      ) : null}
      {!witness?.name && !beacon ? (
        <p className="draw-fairness__row">
          <span className="draw-fairness__label">Independent party</span> not yet named: not on sale until one is
        </p>
      ) : null}
    </section>
  );
}
