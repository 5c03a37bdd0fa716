/**
 * "Clear filters" at the end of a filter bar, shown only while some filter is set: the same control on the results,
 * transactions and audit-log bars, each placing it with a class of its own.
 */
type Props = {
  /** Whether any filter is set. */
  shown: boolean;
  className: string;
  onClear: () => void;
};

export function ClearFiltersButton({ shown, className, onClear }: Props) {
  if (!shown) return null;
  return (
    <button type="button" className={`button button--ghost button--small ${className}`} onClick={onClear}>
      Clear filters
    </button>
  );
}
