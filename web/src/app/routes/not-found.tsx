import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <section className="page page--narrow not-found" aria-labelledby="page-heading">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="page-heading">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <p>
        <Link className="button button--primary" to={paths.home.getHref()}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
