/**
 * A ticket's receipt (`ayo-lotto/v2`): where the ticket sits in its draw's tree and the root it leads to, and
 * "Verify my ticket", which checks in this browser that the receipt describes the ticket shown, that its proof
 * leads to the root the draw published at close, and (once drawn) that the balls follow from that root. Loaded
 * only when a player opens it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HashValue } from '@/components/ui/hash-value/hash-value';
import { ticketDrawName } from '@/lib/draw-name';
import type { Ticket, TicketReceipt } from '@/types/lotto';
import { drawQueryOptions } from '../api/get-draw';
import { useTicketReceipt } from '../api/get-ticket-receipt';
import { errorText } from '../hooks/use-checks';
import { getReceiptKey } from '../api/get-receipt-key';
import { verifyReceipt } from '../receipt';
import { signatureCheck } from '../signature';
import { CheckList, Verdict } from './check-list';
import './verify.css';

export default function ReceiptPanel({ ticket }: { ticket: Ticket }) {
  const full = useTicketReceipt(ticket.id);
  if (full.isPending) {
    return (
      <p className="receipt" role="status">
        Fetching your receipt…
      </p>
    );
  }
  if (full.isError) {
    return (
      <div className="receipt" role="alert">
        <p>We could not fetch your receipt.</p>
        <button type="button" className="button button--ghost button--small" onClick={() => void full.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const receipt = full.data.receipt;
  if (!receipt) return <NoReceipt ticket={full.data} />;
  return <Receipt ticket={ticket} receipt={receipt} signed={full.data} />;
}

function NoReceipt({ ticket }: { ticket: Ticket }) {
  const status = ticket.draw?.status;
  // A numbered draw is named by game and number ("Ayo Express draw 12"); an older one by its id.
  const named = ticket.draw?.number ? ticketDrawName(ticket) : null;
  const draw = named ?? `draw #${ticket.draw_id}`;
  const Draw = named ?? `Draw #${ticket.draw_id}`;
  const text =
    status === 'scheduled' || status === 'open'
      ? `Your receipt is ready once sales close for ${draw}: it proves your ticket is one of the tickets the balls are drawn from.`
      : status === 'cancelled'
        ? `${Draw} was cancelled and your stake refunded, so there is no receipt.`
        : `${Draw} was made under our first scheme (ayo-lotto/v1), which has no receipts: check it with "Verify this result" on its result instead.`;
  return <p className="receipt receipt__none">{text}</p>;
}

function Receipt({ ticket, receipt, signed }: { ticket: Ticket; receipt: TicketReceipt; signed: Ticket }) {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: async () => {
      // The draw as published now: its root since close, its seed and witness once drawn.
      const draw = await queryClient.fetchQuery({ ...drawQueryOptions(ticket.draw_id), staleTime: 0 });
      const [checks, key] = await Promise.all([verifyReceipt(ticket, receipt, draw), getReceiptKey()]);
      const signature = await signatureCheck(key.public_key, signed.signed, signed.signature, {
        leaf: receipt.leaf,
        commitment: draw.commitment ?? '',
      });
      return [...checks, signature];
    },
  });
  return (
    <div className="receipt" data-testid={`receipt-${ticket.id}`}>
      <p className="receipt__position">
        Ticket {receipt.index + 1} of {receipt.tree_size} in this draw
      </p>
      <dl className="receipt__values">
        <HashValue label="Tickets root" value={receipt.root} context={`of draw ${ticket.draw_id}`} />
      </dl>
      <button
        type="button"
        className="button button--primary button--small"
        disabled={verify.isPending}
        onClick={() => verify.mutate()}
      >
        Verify my ticket
      </button>
      {/* On the page before anything is in it, so the outcome is announced when it appears. */}
      <div aria-live="polite" className="receipt__outcome">
        {verify.isPending ? <p className="verify__detail">Checking your ticket in your browser…</p> : null}
        {verify.isError ? (
          <p className="verify__detail verify__detail--bad">We could not check your ticket: {errorText(verify.error)}</p>
        ) : null}
        {verify.data ? (
          <Verdict
            checks={verify.data}
            live={false}
            passed={`All checks passed: ticket #${ticket.id} is one of the tickets draw #${ticket.draw_id} published at close.`}
            failed={`Ticket #${ticket.id} does not match what draw #${ticket.draw_id} published. Please contact us.`}
          />
        ) : null}
      </div>
      {verify.data ? <CheckList checks={verify.data} testId={`receipt-checks-${ticket.id}`} /> : null}
    </div>
  );
}
