/**
 * Placeholders that take exactly the room of what they stand for: a line of text (a no-break space in the real
 * element's font and line height, drawn as a grey bar) and a row of lotto balls (the real ball sizes, empty).
 */
type TextProps = { width: string; className?: string };

export function SkeletonText({ width, className }: TextProps) {
  return (
    <span className={['skeleton', 'skeleton--text', className].filter(Boolean).join(' ')} style={{ width }}>
      {'\u00a0'}
    </span>
  );
}

export function SkeletonBalls({ count = 5, size = 'normal' }: { count?: number; size?: 'normal' | 'small' }) {
  return (
    <span className={`balls${size === 'small' ? ' balls--small' : ''}`}>
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="ball ball--skeleton" />
      ))}
    </span>
  );
}
