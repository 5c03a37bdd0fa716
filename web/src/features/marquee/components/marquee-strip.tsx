/**
 * The slim strip under the site header with the admins' live messages (PRODUCT §10). It scrolls with CSS only,
 * pauses while pointed at or focused, has a Pause button (WCAG 2.2.2), and stands still for anyone who asks
 * their device for reduced motion. Screen readers get the messages once, as a list; the repeated copy that makes
 * the loop seamless is hidden from them. Nothing is shown while there is no message.
 */
import { useState, type CSSProperties } from 'react';
import { useLiveMarquees } from '@/features/marquee/hooks/use-live-marquees';
import './marquee.css';

/** Seconds for one pass: long text moves at the same reading speed as short text. */
export function scrollSeconds(texts: readonly string[]): number {
  const characters = texts.reduce((sum, text) => sum + text.length + 6, 0);
  return Math.max(12, Math.round(characters * 0.22));
}

export function MarqueeStrip() {
  const marquees = useLiveMarquees();
  const [paused, setPaused] = useState(false);
  if (marquees.length === 0) return null;
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
