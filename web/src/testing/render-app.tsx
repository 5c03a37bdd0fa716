// Test helpers may reach into the app: they exist to render it whole.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { setApiNavigator } from '@/lib/api-client';

/** The whole app (providers, every route, dialogs, toasts) at `url`, in memory. */
export function renderApp(url = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  setApiNavigator((path) => void router.navigate(path, { replace: true }));
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
