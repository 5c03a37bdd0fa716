// Test helpers may reach into the app: they exist to render it whole.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProvider } from '@/app/provider';

/** One component with the app's providers (query cache, live connection) and a router for its links. */
export function renderUi(ui: ReactNode, url = '/') {
  return render(
    <AppProvider>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </AppProvider>,
  );
}
