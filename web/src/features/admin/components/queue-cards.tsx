/**
 * The dashboard's "Needs doing" row: each queue with its count and a link to work through it; an empty queue
 * says so, so "nothing waiting" is read, not guessed from a missing card.
 */
import { Link } from 'react-router';
import type { Queues } from '../api/queues';
import { QUEUE_LINKS } from './queue-links';

export function QueueCards({ queues }: { queues: Queues | undefined }) {
  return (
    <section className="queue-cards" aria-labelledby="queues-heading">
      <h2 id="queues-heading" className="queue-cards__title">
        Needs doing
      </h2>
      <ul className="queue-cards__list">
        {QUEUE_LINKS.map((link) => {
          const count = queues?.[link.queue];
          return (
            <li key={link.queue} className={`queue-card${count ? ' queue-card--waiting' : ''}`}>
              <Link to={link.href} className="queue-card__link" data-testid={`queue-card-${link.queue}`}>
                {count === undefined ? '…' : count === 0 ? `No ${link.what(2).replace(/^2 /, '')}` : link.what(count)}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
