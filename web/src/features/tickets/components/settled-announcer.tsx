/**
 * The end of a draw for a player with the app open, on whatever page: "You won ₦68,400.00!" with the amount after
 * tax and where it went, or, calmly, that nothing won this time and when the next draw's sales close. Said once
 * the draw's balls are all out (lib/landed-draws), never before: the win must not spoil the show. A win stays
 * until dismissed; "no win" goes by itself after a while.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Countdown } from '@/components/ui/countdown/countdown';
import { paths } from '@/config/paths';
import { revealEnds } from '@/lib/landed-draws';
import { nextDrawOf } from '@/lib/realtime';
import { getRealtimeClient } from '@/lib/realtime-client';
import { useLiveDraws } from '@/lib/realtime-provider';
import { useServerTime } from '@/lib/server-clock';
import { detail, headline, settledNews, type SettledNews } from '../settled-news';
import './settled-announcer.css';

/** How long "no win" stays on screen. */
const NO_WIN_SHOWN_MS = 20_000;

function NextDraw({ gameId }: { gameId: number }) {
  const draws = useLiveDraws();
  const next = useServerTime((now) => nextDrawOf(draws, gameId, now));
  if (!next) return null;
  return (
    <p className="settled-news__next">
      Next draw: <Countdown to={next.closes_at} label="Sales for the next draw close in" size="small" />
    </p>
  );
}

function NewsCard({ news, onDismiss }: { news: SettledNews; onDismiss: () => void }) {
  const won = news.net > 0;
  return (
    <div
      className={`settled-news ${won ? 'settled-news--won' : 'settled-news--lost'}`}
      role={won ? 'alert' : 'status'}
      data-testid="settled-news"
    >
      <p className="settled-news__headline">{headline(news)}</p>
      <p className="settled-news__detail">{detail(news)}</p>
      {won ? null : <NextDraw gameId={news.gameId} />}
      <div className="settled-news__actions">
        <Link className="button button--small button--primary" to={paths.user.myLottery.getHref()} onClick={onDismiss}>
          My tickets
        </Link>
        <button type="button" className="button button--small button--ghost" onClick={onDismiss}>
          {won ? 'Great, thanks' : 'OK'}
        </button>
      </div>
    </div>
  );
}

export function SettledAnnouncer() {
  const [shown, setShown] = useState<SettledNews[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    const later = (ms: number, run: () => void) => {
      const timer = setTimeout(() => {
        pending.delete(timer);
        run();
      }, ms);
      pending.add(timer);
    };
    const dismiss = (drawId: number) => setShown((current) => current.filter((n) => n.drawId !== drawId));
    const unsubscribe = getRealtimeClient().onEffect((effect) => {
      if (effect.kind !== 'tickets') return;
      const now = Date.now();
      for (const news of settledNews(effect.tickets)) {
        later(revealEnds(news.drawId, now) - now, () => {
          setShown((current) => [...current.filter((n) => n.drawId !== news.drawId), news]);
          if (news.net === 0) later(NO_WIN_SHOWN_MS, () => dismiss(news.drawId));
        });
      }
    });
    return () => {
      unsubscribe();
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return (
    <div className="settled-news-region" aria-live="polite">
      {shown.map((news) => (
        <NewsCard
          key={news.drawId}
          news={news}
          onDismiss={() => setShown((current) => current.filter((n) => n.drawId !== news.drawId))}
        />
      ))}
    </div>
  );
}
