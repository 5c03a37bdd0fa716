/** The wordmark: a gold lotto ball and "Ayo Lotto". Text, not an image, so it is sharp and tiny. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className={`logo${inverted ? ' logo--inverted' : ''}`}>
      <span className="logo__ball" aria-hidden="true">
        5
      </span>
      <span className="logo__text">
        Ayo <span className="logo__accent">Lotto</span>
      </span>
    </span>
  );
}
