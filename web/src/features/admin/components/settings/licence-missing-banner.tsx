import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAdminOperator } from '@/features/admin/api/operator';

/**
 * Staff of a production server (a real payment gateway) with no licence number set see this on every back-office
 * page: players are being asked to trust a site that names no licence (docs/decisions/049).
 */
export function LicenceMissingBanner() {
  const { data } = useAdminOperator();
  if (!data?.licence_missing) return null;
  return (
    <p className="boss-licence-banner" role="alert">
      <strong>No licence number is set.</strong> This server takes real money, and players see no licence in the
      footer. <Link to={paths.boss.settings.getHref()}>Add the operator&rsquo;s licence in Settings</Link>.
    </p>
  );
}
