/**
 * The slim strip under the site header with the admins' live messages (docs/product.md §20). It scrolls with CSS only,
 * pauses while pointed at or focused, has a Pause button (WCAG 2.2.2), and stands still for anyone who asks
 * their device for reduced motion. Screen readers get the messages once, as a list; the repeated copy that makes
 * the loop seamless is hidden from them. Nothing is shown while there is no message (but if there were messages
 * on the last visit, an empty strip holds the place while they load, so the page below does not jump).
 */
import { useEffect, useState, type CSSProperties } from 'react';
import {
  marqueesExpected,
  rememberMarqueesShown,
  useLiveMarquees,
} from '@/features/marquee/hooks/use-live-marquees';
import { useAuth } from '@/lib/session';
import './marquee.css';

/** Seconds for one pass: long text moves at the same reading speed as short text. */
export function scrollSeconds(texts: readonly string[]): number {
  const characters = texts.reduce((sum, text) => sum + text.length + 6, 0);
  return Math.max(12, Math.round(characters * 0.22));
}

/** No marketing to a player on a time-out or self-exclusion (docs/decisions/025): the server sends them none, and
 * the strip also stays away while the profile says a break is in force (a socket is a guest until it signs in). */
export function MarqueeStrip() {
  const { user } = useAuth();
  // The server sends only a break that is in force.
  return user?.responsible_gaming?.exclusion ? null : <LiveMarqueeStrip />;
}

function LiveMarqueeStrip() {
  const { marquees, pending } = useLiveMarquees();
  const [paused, setPaused] = useState(false);
  const [expected] = useState(marqueesExpected);
  const shown = marquees.length > 0;
  useEffect(() => {
    if (!pending) rememberMarqueesShown(shown);
  }, [pending, shown]);
  if (!shown) {
    // Messages last time: hold the strip's place (empty, silent) until the answer comes.
    return pending && expected ? (
      <div className="marquee marquee--placeholder" aria-hidden="true" data-testid="marquee-placeholder">
        <div className="marquee__viewport">
          <span className="marquee__item">{'\u00a0'}</span>
        </div>
        <span className="marquee__toggle" />
      </div>
    ) : null;
  }
  const style = { '--marquee-duration': `${scrollSeconds(marquees.map((m) => m.text))}s` } as CSSProperties;
  const items = (hidden: boolean) =>
    marquees.map((m) => (
      <li key={`${hidden ? 'copy-' : ''}${m.id}`} className="marquee__item">
        {m.text}
      </li>
    ));
  return (
    <section className={`marquee${paused ? ' marquee--paused' : ''}`} aria-label="Announcements" data-testid="marquee">
      <div className="marquee__viewport">
        <div className="marquee__track" style={style}>
          <ul className="marquee__list">{items(false)}</ul>
          <ul className="marquee__list marquee__list--copy" aria-hidden="true">
            {items(true)}
          </ul>
        </div>
      </div>
      <button
        type="button"
        className="marquee__toggle"
        aria-pressed={paused}
        onClick={() => setPaused((value) => !value)}
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        <span className="visually-hidden">{paused ? 'Play announcements' : 'Pause announcements'}</span>
      </button>
    </section>
  );
}
