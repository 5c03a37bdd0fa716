/**
 * "Download CSV": GET /transactions/export with the filters on screen, fetched with the bearer token, then saved
 * under the server's file name. Errors go through the API client (docs/product.md §16 dialogs); success is announced.
 */
import { useState } from 'react';
import { toast } from '@/lib/toast-store';
import { downloadTransactions } from '../api/transactions';
import type { TransactionFilters } from '../lib/transaction-filters';
import { saveFile } from '@/lib/save-file';

export function ExportButton({ filters, disabled }: { filters: TransactionFilters; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, filename } = await downloadTransactions(filters);
      saveFile(blob, filename);
      toast.success(`Downloaded ${filename}`);
    } catch {
      // The API client has already told the player.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={() => void download()}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? 'Preparing the file…' : 'Download CSV'}
    </button>
  );
}
