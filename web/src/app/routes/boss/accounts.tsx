import { ComingSoon } from '@/components/ui/coming-soon';

/** /boss/accounts: waits for the money API (docs/api-money.md). */
export function Component() {
  return <ComingSoon heading="Accounts">Players’ saved bank accounts arrive with the money service.</ComingSoon>;
}
