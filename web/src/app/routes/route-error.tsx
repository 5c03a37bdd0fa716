import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';

/** Shown when a page fails to load (e.g. its code could not be downloaded on a dropped connection). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page page--narrow route-error" id="main">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {notFound
          ? 'We could not find that page.'
          : 'This page could not be loaded. Check your connection and try again.'}
      </p>
      <p className="route-error__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link className="button button--ghost" to={paths.home.getHref()}>
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
