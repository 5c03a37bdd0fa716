/**
 * What a player is told when their tickets of a draw are settled while they have the app open (issue 32, "the
 * draw as an event"): per draw, a win with the amount after tax (what reached their balance), or, calmly, that
 * nothing won this time. Refunds of a cancelled draw are said by the draw itself, not here.
 */
import { formatNaira } from '@/lib/format';
import type { Ticket } from '@/types/lotto';

export type SettledNews = {
  drawId: number;
  gameId: number;
  gameName: string | null;
  /** Net winnings paid (kobo): gross less withholding tax. 0 when nothing won. */
  net: number;
  gross: number;
  tax: number;
  tickets: number;
};

/** One piece of news per draw among `tickets` (settled `won` or `lost`), in the order the draws first appear. */
export function settledNews(tickets: readonly Ticket[]): SettledNews[] {
  const byDraw = new Map<number, SettledNews>();
  for (const ticket of tickets) {
    if (ticket.status !== 'won' && ticket.status !== 'lost') continue;
    const news = byDraw.get(ticket.draw_id) ?? {
      drawId: ticket.draw_id,
      gameId: ticket.game_id,
      gameName: ticket.game_name,
      net: 0,
      gross: 0,
      tax: 0,
      tickets: 0,
    };
    news.tickets += 1;
    if (ticket.status === 'won') {
      const tax = ticket.tax ?? 0;
      news.gross += ticket.winnings;
      news.tax += tax;
      news.net += ticket.net_winnings ?? ticket.winnings - tax;
    }
    byDraw.set(ticket.draw_id, news);
  }
  return [...byDraw.values()];
}

/** "Ayo Express draw #42", or "draw #42" when the socket did not name the game. */
export function drawName(news: Pick<SettledNews, 'drawId' | 'gameName'>): string {
  return news.gameName ? `${news.gameName} draw #${news.drawId}` : `draw #${news.drawId}`;
}

/** The headline: the amount after tax for a win. */
export function headline(news: SettledNews): string {
  return news.net > 0 ? `You won ${formatNaira(news.net)}!` : `No win on ${drawName(news)} this time`;
}

/** The line under it: where the money is and what tax came off, or how many tickets played. */
export function detail(news: SettledNews): string {
  if (news.net > 0) {
    const tax = news.tax > 0 ? `${formatNaira(news.gross)} won, less ${formatNaira(news.tax)} withholding tax. ` : '';
    return `${capitalised(drawName(news))}: ${tax}${formatNaira(news.net)} is in your balance now.`;
  }
  return news.tickets === 1 ? 'Your ticket did not win.' : `None of your ${news.tickets} tickets won.`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
