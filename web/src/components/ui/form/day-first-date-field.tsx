/**
 * A calendar day typed day first, as Nigeria writes it (`26/11/2026`): a text box, because a browser's date box shows
 * its machine's order (mm/dd/yyyy in most Chromiums). The parent holds the day as `YYYY-MM-DD` (or '' for none) and
 * hears of a change only when the box holds a real day or nothing; until then the box says, naming the field, what
 * it expects. Slashes come by themselves as digits are typed (a phone's number pad has none).
 */
import { useState } from 'react';
import { DAY_FIRST_PLACEHOLDER, dayFirstToIso, isoToDayFirst, typeDayFirst } from '@/lib/day-first-date';
import './form.css';

type Props = {
  id: string;
  label: string;
  /** How the message names the field: "start date", "end date". */
  named: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  /** A message from outside (a range that ends before it starts), shown when the box itself is fine. */
  error?: string;
};

/** What the box holds, as the parent's value: a day, nothing (''), or not a day yet (null). */
function read(text: string): string | null {
  return text.trim() === '' ? '' : dayFirstToIso(text);
}

export function DayFirstDateField({ id, label, named, value, onChange, error }: Props) {
  const [text, setText] = useState(() => isoToDayFirst(value));
  const [seen, setSeen] = useState(value);
  const [left, setLeft] = useState(false);
  if (seen !== value) {
    // Changed from outside ("Clear filters", an address with dates): show it, unless the box already says it.
    setSeen(value);
    if (read(text) !== value) setText(isoToDayFirst(value));
  }
  const typed = read(text);
  const unfinished = typed === null && (left || text.trim().length >= DAY_FIRST_PLACEHOLDER.length);
  const message = unfinished ? `Enter the ${named} as DD/MM/YYYY, e.g. 26/11/2026` : error;
  const errorId = `${id}-error`;
  return (
    <div className={['field', message ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input field__select"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={DAY_FIRST_PLACEHOLDER}
        maxLength={DAY_FIRST_PLACEHOLDER.length}
        value={text}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        onChange={(event) => {
          const next = typeDayFirst(text, event.target.value);
          setText(next);
          setLeft(false);
          const day = read(next);
          if (day !== null && day !== value) onChange(day);
        }}
        onBlur={() => setLeft(true)}
      />
      {message ? (
        <p id={errorId} className="field__error">
          {message}
        </p>
      ) : null}
    </div>
  );
}
