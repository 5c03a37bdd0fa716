import { Spinner } from '@/components/ui/spinner';
import { useDashboard } from '@/features/admin/api/get-dashboard';

const NUMBER = new Intl.NumberFormat('en-NG');

const CARDS = [
  { key: 'players_total', label: 'Players', note: 'All registered players' },
  { key: 'players_new_today', label: 'New today', note: 'Signed up since midnight' },
  { key: 'players_verified', label: 'Verified', note: 'Email confirmed' },
] as const;

/** The dashboard's headline counters from GET /admin/dashboard. */
export function DashboardCards() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner label="Loading the dashboard…" />;
  if (!dashboard.data) {
    return (
      <div className="empty-state">
        <p>The dashboard could not be loaded.</p>
        <button type="button" className="button button--primary" onClick={() => void dashboard.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const data = dashboard.data;
  return (
    <ul className="stat-cards">
      {CARDS.map((card) => (
        <li key={card.key} className="stat-card">
          <span className="stat-card__label">{card.label}</span>
          <span className="stat-card__value" data-testid={`stat-${card.key}`}>
            {NUMBER.format(data[card.key] ?? 0)}
          </span>
          <span className="stat-card__note">{card.note}</span>
        </li>
      ))}
    </ul>
  );
}
