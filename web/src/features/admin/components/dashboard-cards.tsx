import { formatNaira } from '@/lib/format';
import type { DashboardFigures } from '@/features/admin/types';

const NUMBER = new Intl.NumberFormat('en-NG');
const MONTH = new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-11` as "November 2026". */
function monthName(month: string): string {
  const first = Date.parse(`${month}-01T00:00:00Z`);
  return Number.isNaN(first) ? month : MONTH.format(first);
}

type Card = { key: string; label: string; value: string; note: string; tone?: 'gold' | 'blue' | 'red' };

function cardsOf(data: DashboardFigures): Card[] {
  const today = data.today ?? { deposits: 0, stakes: 0, wins: 0, ggr: 0 };
  const pending = data.pending_withdrawals ?? { count: 0, amount: 0 };
  const month = data.this_month;
  return [
    { key: 'players_total', label: 'Players', value: NUMBER.format(data.players_total ?? 0), note: 'All registered players' },
    {
      key: 'players_new_today',
      label: 'New today',
      value: NUMBER.format(data.players_new_today ?? 0),
      note: 'Signed up today',
      tone: 'gold',
    },
    {
      key: 'players_verified',
      label: 'Verified',
      value: NUMBER.format(data.players_verified ?? 0),
      note: 'Email confirmed',
      tone: 'blue',
    },
    { key: 'deposits', label: 'Deposits', value: formatNaira(data.deposits), note: `Today ${formatNaira(today.deposits)}` },
    { key: 'stakes', label: 'Stakes', value: formatNaira(data.stakes), note: `Today ${formatNaira(today.stakes)}`, tone: 'gold' },
    { key: 'wins', label: 'Wins paid', value: formatNaira(data.wins), note: `Today ${formatNaira(today.wins)}`, tone: 'blue' },
    {
      key: 'ggr',
      label: 'Gross gaming revenue',
      value: formatNaira(data.ggr),
      note: `Stakes less wins · today ${formatNaira(today.ggr)}`,
    },
    {
      key: 'pending_withdrawals',
      label: 'Pending withdrawals',
      value: NUMBER.format(pending.count),
      note: `${formatNaira(pending.amount)} waiting for approval`,
      tone: pending.count > 0 ? 'red' : 'gold',
    },
    ...(month
      ? [
          {
            key: 'tax_this_month',
            label: 'Tax withheld this month',
            value: formatNaira(month.tax_withheld),
            note: `${monthName(month.month)} so far (WAT) · owed to the states`,
            tone: 'blue' as const,
          },
        ]
      : []),
  ];
}

/** The dashboard's headline figures from GET /admin/dashboard (and the live `dashboard.updated`). */
export function DashboardCards({ data }: { data: DashboardFigures }) {
  return (
    <ul className="stat-cards" aria-label="Headline figures">
      {cardsOf(data).map((card) => (
        <li key={card.key} className={`stat-card${card.tone ? ` stat-card--${card.tone}` : ''}`}>
          <span className="stat-card__label">{card.label}</span>
          <span className="stat-card__value" data-testid={`stat-${card.key}`}>
            {card.value}
          </span>
          <span className="stat-card__note">{card.note}</span>
        </li>
      ))}
    </ul>
  );
}
