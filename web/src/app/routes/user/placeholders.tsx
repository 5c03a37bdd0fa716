import { ComingSoon } from '@/components/ui/coming-soon';

/** Player pages a later release fills: honest placeholders with the right heading. */
export function DepositRoute() {
  return <ComingSoon heading="Deposit">Adding money to your wallet is on its way.</ComingSoon>;
}

export function WithdrawalRoute() {
  return <ComingSoon heading="Withdrawal">Withdrawing your winnings to your bank account is on its way.</ComingSoon>;
}

export function BankAccountRoute() {
  return <ComingSoon heading="Bank account">Saving the bank account your withdrawals go to is on its way.</ComingSoon>;
}

export function TransactionsRoute() {
  return <ComingSoon heading="Transactions">Every deposit, stake, win and withdrawal will be listed here.</ComingSoon>;
}
