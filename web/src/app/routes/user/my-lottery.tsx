import type { Ticket } from '@/types/lotto';
import { MyTickets } from '@/features/tickets/components/my-tickets';
import { TicketReceipt, TicketReceiptButton } from '@/features/verify/components/ticket-receipt';

/** Each ticket's receipt: below its card on a phone, a button that opens it in a dialog in the table. */
const receiptOf = (ticket: Ticket, shape: 'card' | 'row') =>
  shape === 'card' ? <TicketReceipt ticket={ticket} /> : <TicketReceiptButton ticket={ticket} />;

/** /user/my-lottery: every ticket the player bought, its draw, status and winnings, live, and its receipt. */
export function Component() {
  return (
    <section className="page" aria-labelledby="page-heading">
      <h1 id="page-heading">My lottery</h1>
      <p className="page__lead">
        Your tickets, newest first. Each one settles here as soon as its draw is paid, and its receipt proves it
        was in the draw.
      </p>
      <MyTickets renderExtra={receiptOf} extraHeader="Receipt" />
    </section>
  );
}
