import { formatPhone, useOperator } from '@/lib/operator';
import './operator-footer.css';

/**
 * The footer's "who runs this": company and RC number, each licence with its regulator and state, and the support
 * lines, so a visitor can check the operator with its regulator before signing up (docs/content.md, Footer).
 */
export function OperatorFooter() {
  const { data: operator, isPending } = useOperator();
  if (isPending) return <p className="site-footer__operator" aria-busy="true">Loading who runs Ayo Lotto…</p>;
  if (!operator?.company) {
    return <p className="site-footer__operator">The operator&rsquo;s details are not published yet.</p>;
  }
  return (
    <div className="site-footer__operator" data-testid="operator-identity">
      <p>
        Ayo Lotto is run by <strong>{operator.company}</strong>
        {operator.rc_number && <> ({operator.rc_number})</>}
        {operator.address && <>, {operator.address}</>}.
      </p>
      {operator.licences.length > 0 ? (
        <ul className="site-footer__licences">
          {operator.licences.map((licence) => (
            <li key={`${licence.state}-${licence.number}`}>
              Licensed in {licence.state_name} by {licence.regulator}, licence no.{' '}
              <span className="nowrap">{licence.number}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>No licence number is shown yet.</p>
      )}
      {(operator.support_phone || operator.whatsapp_link) && (
        <p>
          Talk to a person:{' '}
          {operator.support_phone && (
            <a href={`tel:${operator.support_phone}`} className="nowrap">
              {formatPhone(operator.support_phone)}
            </a>
          )}
          {operator.support_phone && operator.whatsapp_link && ' · '}
          {operator.whatsapp_link && <a href={operator.whatsapp_link}>WhatsApp</a>}
          {operator.support_hours && <> · {operator.support_hours}</>}
        </p>
      )}
    </div>
  );
}
