/**
 * Which queue each back-office section works through, for its count in the menu and its card on the dashboard.
 */
import { paths } from '@/config/paths';
import type { Queues } from '../api/queues';

export type QueueLink = { queue: keyof Queues; path: string; href: string; what: (count: number) => string };

const many = (count: number, one: string, more: string) => `${count} ${count === 1 ? one : more}`;

export const QUEUE_LINKS: QueueLink[] = [
  {
    queue: 'withdrawals',
    path: paths.boss.transactions.path,
    href: paths.boss.transactions.getHref(),
    what: (n) => many(n, 'withdrawal waiting', 'withdrawals waiting'),
  },
  {
    queue: 'identity_reviews',
    path: paths.boss.identityReviews.path,
    href: paths.boss.identityReviews.getHref(),
    what: (n) => many(n, 'identity check to review', 'identity checks to review'),
  },
  {
    queue: 'approvals',
    path: paths.boss.approvals.path,
    href: paths.boss.approvals.getHref(),
    what: (n) => many(n, 'adjustment to approve', 'adjustments to approve'),
  },
  {
    queue: 'messages',
    path: paths.boss.contacts.path,
    href: paths.boss.contacts.getHref(),
    what: (n) => many(n, 'message unanswered', 'messages unanswered'),
  },
  {
    queue: 'held_draws',
    path: paths.boss.games.path,
    href: paths.boss.games.getHref(),
    what: (n) => many(n, 'draw with its payout halted', 'draws with their payout halted'),
  },
];

/** The queue a section of the menu (by its path) works through, if any. */
export function queueOf(path: string): QueueLink | undefined {
  return QUEUE_LINKS.find((link) => link.path === path);
}
