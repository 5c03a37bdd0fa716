import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';

/** Public pages a later release fills (games, one game, contact): honest placeholders until then. */
export function GamesRoute() {
  return <ComingSoon heading="Games">Our lotto games and their next draws will be listed here very soon.</ComingSoon>;
}

export function GameRoute() {
  const { id } = useParams();
  return (
    <ComingSoon heading="Game">
      The page for game {id} — its number board, bet types and next draw — is on its way.
    </ComingSoon>
  );
}

export function ContactRoute() {
  return (
    <ComingSoon heading="Contact us">
      Our contact form is on its way. Until then, please check the FAQs for quick answers.
    </ComingSoon>
  );
}
