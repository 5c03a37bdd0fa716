import { lazy, Suspense, useId, useState } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import type { Ticket } from '@/types/lotto';

const ReceiptPanel = lazy(() => import('./receipt-panel'));

function Panel({ ticket }: { ticket: Ticket }) {
  return (
    <Suspense fallback={<p role="status">Loading the checker…</p>}>
      <ReceiptPanel ticket={ticket} />
    </Suspense>
  );
}

/** "Receipt" on a ticket card: opens the ticket's receipt below it (its code arrives only now). */
export function TicketReceipt({ ticket }: { ticket: Ticket }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="ticket-receipt">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide receipt' : 'Receipt'}
      </button>
      <div id={id}>{open ? <Panel ticket={ticket} /> : null}</div>
    </div>
  );
}

/** "Receipt" in a table row: the receipt in a dialog, where it has room to read. */
export function TicketReceiptButton({ ticket }: { ticket: Ticket }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={`Receipt of ticket ${ticket.id}`}
        onClick={() => setOpen(true)}
      >
        Receipt
      </button>
      {open ? (
        <Dialog title={`Receipt of ticket #${ticket.id}`} onClose={() => setOpen(false)}>
          <Panel ticket={ticket} />
        </Dialog>
      ) : null}
    </>
  );
}
