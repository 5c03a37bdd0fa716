import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';

/** Back office sections a later release fills: honest placeholders with the right heading. */
export function GamesRoute() {
  return <ComingSoon heading="Games">Create, schedule and pause games; see draws and results.</ComingSoon>;
}
export function UsersRoute() {
  return <ComingSoon heading="Users">Search players, see their wallets and tickets, suspend accounts.</ComingSoon>;
}
export function UserRoute() {
  const { slug } = useParams();
  return <ComingSoon heading="User">Details for user {slug}: wallet, tickets and transactions.</ComingSoon>;
}
export function TransactionsRoute() {
  return <ComingSoon heading="Transactions">Every ledger entry; approve or reject withdrawals.</ComingSoon>;
}
export function AccountsRoute() {
  return <ComingSoon heading="Accounts">Players&apos; saved bank accounts.</ComingSoon>;
}
export function PlayersRoute() {
  const { slug } = useParams();
  return <ComingSoon heading="Players">Tickets and winnings of the players of game {slug}.</ComingSoon>;
}
export function ContactsRoute() {
  return <ComingSoon heading="Contacts">Messages sent through the contact form.</ComingSoon>;
}
export function ActivitiesRoute() {
  return <ComingSoon heading="Activities">The audit log of admin actions and security events.</ComingSoon>;
}
export function MarqueeRoute() {
  return <ComingSoon heading="Marquee">Messages shown in the strip under the site header.</ComingSoon>;
}
export function MarqueeMessageRoute() {
  const { slug } = useParams();
  return <ComingSoon heading="Marquee message">Edit marquee message {slug}.</ComingSoon>;
}
