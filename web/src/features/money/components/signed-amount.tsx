import { formatNaira } from '@/lib/format';

/** A ledger amount with its sign: `+₦5,000.00` in, `−₦150.00` out (a real minus sign, read as "minus"). */
export function SignedAmount({ kobo }: { kobo: number }) {
  const sign = kobo > 0 ? '+' : kobo < 0 ? '−' : '';
  return (
    <span className={`signed-amount ${kobo < 0 ? 'signed-amount--out' : 'signed-amount--in'}`}>
      {sign}
      {formatNaira(Math.abs(kobo))}
    </span>
  );
}
