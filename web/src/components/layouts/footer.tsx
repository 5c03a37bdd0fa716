import { Link } from 'react-router';
import { AgeBadge } from '@/components/ui/age-badge';
import { OperatorFooter } from '@/components/layouts/operator-footer';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

const INFO_LINKS = [
  paths.results,
  paths.about,
  paths.howToPlay,
  paths.lotteryRules,
  paths.faqs,
  paths.termsConditions,
  paths.privacyPolicy,
  paths.responsibleGaming,
  paths.contact,
];

/**
 * Every page ends with the 18+ mark, the information pages, who runs the site and how to reach a person, and a word
 * on playing responsibly (docs/product.md §8, docs/decisions/049).
 */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo inverted />
          <AgeBadge />
        </div>
        <nav aria-label="Information">
          <ul className="site-footer__links">
            {INFO_LINKS.map((item) => (
              <li key={item.path}>
                <Link to={item.getHref()}>{item.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <OperatorFooter />
        <p className="site-footer__rg">
          Play for fun, never to make money. Set a budget and stick to it. Only for players aged 18 and over.{' '}
          <Link to={paths.responsibleGaming.getHref()}>Get help and set limits</Link>.
        </p>
        <p className="site-footer__legal">© {new Date().getFullYear()} Ayo Lotto. Every draw is provably fair.</p>
      </div>
    </footer>
  );
}
