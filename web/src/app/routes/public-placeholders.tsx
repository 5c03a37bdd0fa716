import { ComingSoon } from '@/components/ui/coming-soon';

/** Public pages a later release fills (contact): honest placeholders until then. */
export function ContactRoute() {
  return (
    <ComingSoon heading="Contact us">
      Our contact form is on its way. Until then, please check the FAQs for quick answers.
    </ComingSoon>
  );
}
