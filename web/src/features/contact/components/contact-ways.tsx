import { formatPhone, useOperator } from '@/lib/operator';
import './contact-ways.css';

/**
 * /contact's ways to reach a person now: tap-to-call (`tel:`) and WhatsApp (`https://wa.me/<digits>`), the hours
 * someone answers and the reply time promised to a written message (docs/content.md, Contact).
 */
export function ContactWays() {
  const { data: operator, isPending } = useOperator();
  if (isPending) return <p aria-busy="true">Loading our phone and WhatsApp numbers…</p>;
  if (!operator || (!operator.support_phone && !operator.whatsapp_link)) return null;
  return (
    <section className="card contact-ways" aria-labelledby="contact-ways-title">
      <h2 id="contact-ways-title" className="card__title">
        Talk to a person
      </h2>
      <ul className="contact-ways__list">
        {operator.support_phone && (
          <li>
            <a className="button button--primary button--block contact-ways__button" href={`tel:${operator.support_phone}`}>
              Call <span className="contact-ways__number">{formatPhone(operator.support_phone)}</span>
            </a>
          </li>
        )}
        {operator.whatsapp_link && (
          <li>
            <a
              className="button button--ghost button--block contact-ways__button"
              href={operator.whatsapp_link}
              target="_blank"
              rel="noopener noreferrer"
            >
              Chat on WhatsApp <span className="contact-ways__number">{formatPhone(operator.whatsapp)}</span>
            </a>
          </li>
        )}
      </ul>
      {operator.support_hours && <p>We answer {operator.support_hours}.</p>}
      {operator.reply_time && <p>We reply to written messages {operator.reply_time}.</p>}
      {operator.address && (
        <p>
          Our registered address: <span>{operator.address}</span>
        </p>
      )}
    </section>
  );
}
