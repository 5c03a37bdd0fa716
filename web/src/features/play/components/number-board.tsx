/**
 * The 1–90 board: real toggle buttons (`aria-pressed`), picked ones drawn as filled circles with a tick-free
 * bold number so the state reads without colour. One tab stop: arrows (and Home/End) move between numbers,
 * Space or Enter picks. A number closed for the draw (too much riding on it) stays focusable but says so
 * (`aria-disabled`, "closed for this draw", struck through) and cannot be picked.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { HIGHEST, LOWEST } from '@/lotto';
import { isPicked, type Slip } from '../bet-slip';
import './number-board.css';

const NUMBERS = Array.from({ length: HIGHEST - LOWEST + 1 }, (_, i) => i + LOWEST);
const COLUMNS = 10;

type Props = {
  slip: Slip;
  onToggle: (n: number) => void;
  describedBy?: string;
  invalid?: boolean;
  /** Numbers closed for the draw: shown so and not picked (one already picked can still be unpicked). */
  closed?: ReadonlySet<number>;
};

export function NumberBoard({ slip, onToggle, describedBy, invalid, closed }: Props) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const rowStart = active - (active % COLUMNS);
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      ArrowDown: active + COLUMNS,
      ArrowUp: active - COLUMNS,
      Home: event.ctrlKey ? 0 : rowStart,
      End: event.ctrlKey ? NUMBERS.length - 1 : Math.min(rowStart + COLUMNS - 1, NUMBERS.length - 1),
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const clamped = Math.max(0, Math.min(NUMBERS.length - 1, next));
    setActive(clamped);
    buttons.current[clamped]?.focus();
  };

  return (
    <div
      className={`board${invalid ? ' board--invalid' : ''}`}
      role="group"
      aria-label="Numbers 1 to 90"
      aria-describedby={describedBy}
      onKeyDown={move}
    >
      {NUMBERS.map((n, index) => {
        const picked = isPicked(slip, n);
        const group = picked === 'top' ? 'TOP' : picked === 'bottom' ? 'BOTTOM' : null;
        const shut = closed?.has(n) ?? false;
        const label = [group ? `${n} ${group}` : String(n), shut ? 'closed for this draw' : null]
          .filter(Boolean)
          .join(', ');
        return (
          <button
            key={n}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            className={`board__number${picked ? ` board__number--picked board__number--${picked}` : ''}${shut ? ' board__number--closed' : ''}`}
            tabIndex={index === active ? 0 : -1}
            aria-pressed={picked !== null}
            aria-label={group || shut ? label : undefined}
            aria-disabled={shut && !picked ? true : undefined}
            onFocus={() => setActive(index)}
            onClick={() => {
              if (!shut || picked) onToggle(n);
            }}
          >
            {n}
            {group ? (
              <span className="board__tag" aria-hidden="true">
                {group === 'TOP' ? 'T' : 'B'}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
