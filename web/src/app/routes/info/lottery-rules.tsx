import { GameRates } from '@/features/info/components/game-rates';
import LotteryRulesPage from '@/features/info/pages/lottery-rules';
import { useGameRules } from './use-game-rules';

export function Component() {
  const { rules, choice } = useGameRules();
  return <LotteryRulesPage rules={rules} gameRates={<GameRates choice={choice} rules={rules} />} />;
}
