import { describe, expect, it } from 'vitest';
import { makeTicket } from '@/testing/lotto';
import { detail, headline, settledNews } from './settled-news';

describe('the news of a settled draw', () => {
  it('announces a win with the amount after tax, and says what tax came off', () => {
    const [news] = settledNews([
      makeTicket({ id: 1, status: 'won', winnings: 7_200_000, tax: 360_000, net_winnings: 6_840_000 }),
      makeTicket({ id: 2, status: 'lost' }),
    ]);
    expect(news && headline(news)).toBe('You won ₦68,400.00!');
    expect(news && detail(news)).toBe(
      'Ayo Express draw #42: ₦72,000.00 won, less ₦3,600.00 withholding tax. ₦68,400.00 is in your balance now.',
    );
  });

  it('adds up several winning tickets of one draw', () => {
    const [news] = settledNews([
      makeTicket({ id: 1, status: 'won', winnings: 100_000, tax: 0, net_winnings: 100_000 }),
      makeTicket({ id: 2, status: 'won', winnings: 50_000, tax: 0, net_winnings: 50_000 }),
    ]);
    expect(news?.net).toBe(150_000);
    expect(news && detail(news)).toBe('Ayo Express draw #42: ₦1,500.00 is in your balance now.');
  });

  it('says calmly that nothing won', () => {
    const [news] = settledNews([makeTicket({ id: 1 }), makeTicket({ id: 2 })]);
    expect(news && headline(news)).toBe('No win on Ayo Express draw #42 this time');
    expect(news && detail(news)).toBe('None of your 2 tickets won.');
  });

  it('keeps each draw apart and leaves refunds to the draw’s own notice', () => {
    const news = settledNews([
      makeTicket({ id: 1, draw_id: 42 }),
      makeTicket({ id: 2, draw_id: 43, status: 'won', winnings: 10_000, net_winnings: 10_000 }),
      makeTicket({ id: 3, draw_id: 44, status: 'refunded' }),
    ]);
    expect(news.map((n) => [n.drawId, n.net])).toEqual([
      [42, 0],
      [43, 10_000],
    ]);
  });

  it('names the draw without its game when the socket did not send the name', () => {
    const [news] = settledNews([makeTicket({ game_name: null })]);
    expect(news && headline(news)).toBe('No win on draw #42 this time');
  });
});
