import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminUser } from '@/features/admin/api/get-user';
import { LoadFailed, PageHeading } from '@/features/admin/components/admin-ui';
import { UserDetail } from '@/features/admin/components/user-detail';

/** /boss/users/{id}: one player. */
export function Component() {
  const { slug = '' } = useParams();
  const user = useAdminUser(slug);
  return (
    <section aria-labelledby="page-heading">
      <p className="admin-back">
        <Link to={paths.boss.users.getHref()}>← All users</Link>
      </p>
      <PageHeading>{user.data?.name ?? 'Player'}</PageHeading>
      {user.data ? (
        <UserDetail user={user.data} />
      ) : user.isPending ? (
        <Spinner label="Loading the player…" />
      ) : (
        <LoadFailed what="This player" onRetry={() => void user.refetch()} />
      )}
    </section>
  );
}
