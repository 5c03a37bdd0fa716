import { GameRates } from '@/features/info/components/game-rates';
import HowToPlayPage from '@/features/info/pages/how-to-play';
import { useGameRules } from './use-game-rules';

export function Component() {
  const { rules, choice } = useGameRules();
  return <HowToPlayPage rules={rules} gameRates={<GameRates choice={choice} rules={rules} />} />;
}
