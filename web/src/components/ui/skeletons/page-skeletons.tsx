/**
 * Placeholders the size of the pages they stand for, shown while a page's code or data is on its way (and, for
 * the lazy pages, from the very first paint: the router shows them as `hydrateFallbackElement`). They are at
 * least a screen tall, so the footer stays below the fold until the page arrives and nothing on screen moves when
 * it does (no layout shift). Only the "Loading…" status is read out; the shapes are hidden from screen readers.
 */
import './skeletons.css';

function Status({ label }: { label: string }) {
  return (
    <span className="visually-hidden" role="status">
      {label}
    </span>
  );
}

/** An information page: a title and a few paragraphs. */
export function PageSkeleton({ label = 'Loading the page…' }: { label?: string }) {
  return (
    <div className="container page page-skeleton" aria-busy="true">
      <Status label={label} />
      <div aria-hidden="true">
        <span className="skeleton page-skeleton__title" />
        {['92%', '100%', '84%', '96%', '70%'].map((width, index) => (
          <span key={index} className="skeleton page-skeleton__line" style={{ width }} />
        ))}
      </div>
    </div>
  );
}

/**
 * The play page (/games/:id): its title row, then the bet slip's shape (draw bar, bet type and stake, hint, the
 * 10 × 9 board, Quick pick / Clear, the summary and Buy), so the slip appears where its placeholder was.
 */
export function GamePageSkeleton() {
  return (
    <div className="container play-skeleton" aria-busy="true">
      <Status label="Loading the game…" />
      <div className="play-skeleton__head" aria-hidden="true">
        <span className="skeleton play-skeleton__title" />
        <span className="skeleton play-skeleton__schedule" />
      </div>
      <div className="play-skeleton__slip" aria-hidden="true">
        <span className="skeleton play-skeleton__bar" />
        <div className="play-skeleton__pair">
          <span className="skeleton play-skeleton__field" />
          <span className="skeleton play-skeleton__field" />
        </div>
        <span className="skeleton play-skeleton__hint" />
        <span className="play-skeleton__board" />
        <div className="play-skeleton__pair play-skeleton__pair--even">
          <span className="skeleton play-skeleton__action" />
          <span className="skeleton play-skeleton__action" />
        </div>
        <span className="skeleton play-skeleton__summary" />
        <span className="skeleton play-skeleton__buy" />
      </div>
    </div>
  );
}
