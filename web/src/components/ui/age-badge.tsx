/** The 18+ mark shown on every page (docs/product.md §8). */
export function AgeBadge() {
  return (
    <span className="age-badge" role="img" aria-label="18+: only for players aged 18 and over">
      18+
    </span>
  );
}
