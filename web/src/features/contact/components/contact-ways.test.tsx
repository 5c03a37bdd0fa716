import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/data';
import { renderUi } from '@/testing/render-ui';
import { ContactWays } from './contact-ways';

afterEach(() => vi.unstubAllGlobals());

const OPERATOR = {
  company: 'Ayo Gaming Ltd',
  rc_number: 'RC 1234567',
  licences: [],
  address: '12 Adeola Odeku Street, Victoria Island, Lagos',
  support_phone: '+2348012345678',
  whatsapp: '+2348098765432',
  whatsapp_link: 'https://wa.me/2348098765432',
  support_hours: 'Monday to Saturday, 8am to 8pm WAT',
  reply_time: 'within 24 hours',
  licensed: false,
};

it('lets a player call or WhatsApp a person and says when they answer', async () => {
  vi.stubGlobal('fetch', mockFetch({ 'GET /operator': { body: { data: OPERATOR } } }).fetchMock);
  renderUi(<ContactWays />);
  const call = await screen.findByRole('link', { name: /^Call \+234 801 234 5678/ });
  expect(call).toHaveAttribute('href', 'tel:+2348012345678');
  expect(screen.getByRole('link', { name: /^Chat on WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/2348098765432');
  expect(screen.getByText('We answer Monday to Saturday, 8am to 8pm WAT.')).toBeInTheDocument();
  expect(screen.getByText('We reply to written messages within 24 hours.')).toBeInTheDocument();
});

it('shows nothing to tap when the operator has published no number', async () => {
  vi.stubGlobal(
    'fetch',
    mockFetch({ 'GET /operator': { body: { data: { ...OPERATOR, support_phone: '', whatsapp: '', whatsapp_link: null } } } })
      .fetchMock,
  );
  renderUi(<ContactWays />);
  await waitFor(() => expect(screen.queryByText(/Loading our phone/)).not.toBeInTheDocument());
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
});
