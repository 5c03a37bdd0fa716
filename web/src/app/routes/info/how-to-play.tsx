import HowToPlayPage from '@/features/info/pages/how-to-play';
import { useLiveRules } from './use-live-rules';

export function Component() {
  return <HowToPlayPage rules={useLiveRules()} />;
}
