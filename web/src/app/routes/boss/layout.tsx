import { useLiveGuard } from '@/app/use-live-guard';
import { BossLayout } from '@/features/admin/components/boss-layout';

export function Component() {
  useLiveGuard('admin');
  return <BossLayout />;
}
