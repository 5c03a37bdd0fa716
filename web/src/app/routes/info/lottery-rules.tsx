import LotteryRulesPage from '@/features/info/pages/lottery-rules';
import { useLiveRules } from './use-live-rules';

export function Component() {
  return <LotteryRulesPage rules={useLiveRules()} />;
}
