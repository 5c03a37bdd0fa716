import { formatDateTimeWAT } from '@/lib/lagos-time';

/** A time in a table cell: the date, and the WAT time under it (`22 Nov 2026` / `9:22 am WAT`). */
export function When({ at }: { at: string }) {
  const text = formatDateTimeWAT(at);
  const cut = text.indexOf(', ');
  if (cut < 0) return <span className="when">{text}</span>;
  return (
    <span className="when">
      <span>{text.slice(0, cut)}</span>
      <span className="money-note">{text.slice(cut + 2)}</span>
    </span>
  );
}
