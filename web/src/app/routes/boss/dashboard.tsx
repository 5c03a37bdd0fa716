import { Spinner } from '@/components/ui/spinner';
import { LoadFailed, PageHeading } from '@/features/admin/components/admin-ui';
import { DashboardCards } from '@/features/admin/components/dashboard-cards';
import { DashboardCharts } from '@/features/admin/components/dashboard-charts';
import { QueueCards } from '@/features/admin/components/queue-cards';
import { useLiveQueues } from '@/features/admin/hooks/use-live-queues';
import { useLiveDashboard } from '@/features/admin/hooks/use-live-dashboard';

export function Component() {
  const dashboard = useLiveDashboard();
  const queues = useLiveQueues();
  return (
    <section aria-labelledby="page-heading">
      <PageHeading
        actions={
          dashboard.data ? (
            <span className={`live-dot${dashboard.live ? ' live-dot--on' : ''}`}>
              {dashboard.live ? 'Live' : 'Updating every 10 s'}
            </span>
          ) : null
        }
      >
        Dashboard
      </PageHeading>
      {dashboard.data ? (
        <>
          <QueueCards queues={queues.data} />
          <DashboardCards data={dashboard.data} />
          <DashboardCharts series={dashboard.data.series} />
        </>
      ) : dashboard.isPending ? (
        <Spinner label="Loading the dashboard…" />
      ) : (
        <LoadFailed what="The dashboard" onRetry={() => void dashboard.refetch()} />
      )}
    </section>
  );
}
