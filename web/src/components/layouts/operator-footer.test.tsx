import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/data';
import { openSocket } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import { Footer } from './footer';

afterEach(() => vi.unstubAllGlobals());

const LAGOS_OPERATOR = {
  company: 'Ayo Gaming Ltd',
  rc_number: 'RC 1234567',
  licences: [
    { state: 'LA', state_name: 'Lagos State', regulator: 'Lagos State Lotteries and Gaming Authority', number: 'LSLGA/OL/0042' },
  ],
  address: '12 Adeola Odeku Street, Victoria Island, Lagos',
  support_phone: '+2348012345678',
  whatsapp: '+2348098765432',
  whatsapp_link: 'https://wa.me/2348098765432',
  support_hours: 'Monday to Saturday, 8am to 8pm WAT',
  reply_time: 'within 24 hours',
  licensed: true,
};

function renderFooter(operator: unknown) {
  vi.stubGlobal('fetch', mockFetch({ 'GET /operator': { body: { data: operator } } }).fetchMock);
  renderUi(<Footer />);
  return screen.getByRole('contentinfo');
}

describe('the footer on every page', () => {
  it('names the company, its RC number and each licence with its regulator', async () => {
    const footer = renderFooter(LAGOS_OPERATOR);
    expect(await within(footer).findByText('Ayo Gaming Ltd')).toBeInTheDocument();
    expect(footer).toHaveTextContent('RC 1234567');
    expect(footer).toHaveTextContent(
      'Licensed in Lagos State by Lagos State Lotteries and Gaming Authority, licence no. LSLGA/OL/0042',
    );
  });

  it('offers a tap-to-call number and a WhatsApp chat', async () => {
    const footer = renderFooter(LAGOS_OPERATOR);
    const call = await within(footer).findByRole('link', { name: '+234 801 234 5678' });
    expect(call).toHaveAttribute('href', 'tel:+2348012345678');
    expect(within(footer).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/2348098765432');
  });

  it('says plainly when no licence is shown yet', async () => {
    const footer = renderFooter({ ...LAGOS_OPERATOR, licences: [], licensed: false });
    expect(await within(footer).findByText('No licence number is shown yet.')).toBeInTheDocument();
  });

  it('follows a change made in /boss → Settings at once, without a reload', async () => {
    const footer = renderFooter(LAGOS_OPERATOR);
    expect(await within(footer).findByText('Ayo Gaming Ltd')).toBeInTheDocument();
    const renamed = { ...LAGOS_OPERATOR, company: 'Ayo Lotto Nigeria Ltd', support_phone: '+2348011111111' };
    const socket = openSocket();
    act(() => socket.serverSends({ type: 'operator.updated', topic: 'draws', seq: 1, data: renamed }));
    expect(await within(footer).findByText('Ayo Lotto Nigeria Ltd')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '+234 801 111 1111' })).toHaveAttribute('href', 'tel:+2348011111111');
  });
});
