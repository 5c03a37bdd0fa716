/** A from/to pair of calendar days as date inputs give them (`YYYY-MM-DD`, empty when not set). */
export type DateRange = { from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range whose start is after its end, or a date that is not one: the message for the `to` field. */
export function checkDateRange({ from, to }: DateRange): string | undefined {
  if (from && !DAY.test(from)) return 'Enter the start date as a date';
  if (to && !DAY.test(to)) return 'Enter the end date as a date';
  if (from && to && from > to) return 'The end date is before the start date';
  return undefined;
}
