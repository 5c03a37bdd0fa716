import { DashboardCards } from '@/features/admin/components/dashboard-cards';

export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="boss__heading">
        Dashboard
      </h1>
      <DashboardCards />
    </section>
  );
}
