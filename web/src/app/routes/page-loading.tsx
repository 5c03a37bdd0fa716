import { Spinner } from '@/components/ui/spinner';

/** What shows while the first page's code arrives. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  );
}
