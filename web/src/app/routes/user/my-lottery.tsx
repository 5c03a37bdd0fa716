import { MyTickets } from '@/features/tickets/components/my-tickets';

/** /user/my-lottery: every ticket the player bought, its draw, status and winnings, live. */
export function Component() {
  return (
    <section className="page" aria-labelledby="page-heading">
      <h1 id="page-heading">My lottery</h1>
      <p className="page__lead">Your tickets, newest first. Each one settles here as soon as its draw is paid.</p>
      <MyTickets />
    </section>
  );
}
