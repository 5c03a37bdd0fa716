/**
 * The play page's core, made to fit one 360 × 740 phone screen: the draw on sale and its countdown, bet type,
 * stake per line, the 1–90 board, Quick pick / Clear, the live summary and Buy.
 *
 * Buying: one idempotency key per attempt, kept while the same ticket is retried after an unknown outcome (no
 * answer, a timeout, a 5xx), so a retry never buys twice; a new key once an attempt succeeded or was refused. No
 * answer at all says so beside Buy ("Not bought yet…"); a server's error keeps the global dialog.
 * The server's 422 field errors show beside their fields; a guest pressing Buy gets the login dialog. Below the
 * summary, what the best win pays after the player's withholding tax (`tax-line`). The slip survives a refresh of
 * the tab (`kept-slip`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { ApiError, NO_RESPONSE } from '@/lib/api-client';
import { openLogin } from '@/lib/auth-dialogs';
import { formatNaira } from '@/lib/format';
import { BET_TYPE_ORDER, betTypeLabel, multiplierFor, pickRange } from '@/lotto';
import { isOnSale } from '@/lib/realtime';
import { useServerTime } from '@/lib/server-clock';
import { useAuth } from '@/lib/session';
import type { BetType, Draw, GameDetail, Ticket } from '@/types/lotto';
import { newIdempotencyKey, NOT_BOUGHT_NO_ANSWER, useCreateTicket } from '../api/create-ticket';
import { useClosedNumbers } from '../api/closed-numbers';
import { useTaxRates } from '../api/tax-rates';
import {
  changeBetType,
  emptySlip,
  parseNaira,
  pickCount,
  pickHint,
  quickPick,
  summarize,
  ticketRequest,
  toggleNumber,
  type Group,
  type Slip,
} from '../bet-slip';
import { keepSlip, readKeptSlip } from '../kept-slip';
import { taxLine } from '../tax-line';
import { DrawBar } from './draw-bar';
import { DrawFairness } from './draw-fairness';
import { NumberBoard } from './number-board';
import './play.css';

type Props = {
  game: GameDetail;
  /** The game's draw on sale now, or the next to open. */
  draw: Draw | null;
  /** After a purchase, e.g. to show the player's tickets. */
  onBought?: (ticket: Ticket) => void;
};

const PICK_FIELDS = ['numbers', 'top', 'bottom', 'bet_type'] as const;

function firstError(errors: Record<string, string>, fields: readonly string[]): string | undefined {
  for (const field of fields) if (errors[field]) return errors[field];
  return undefined;
}

export function BetSlipForm({ game, draw, onBought }: Props) {
  const offered = BET_TYPE_ORDER.filter((type) => game.bet_types.includes(type));
  // Picks, bet type and stake survive a refresh of this tab (kept-slip).
  const [kept] = useState(() => readKeptSlip(game.id, offered));
  const [slip, setSlip] = useState<Slip>(
    () => kept?.slip ?? emptySlip(offered.includes('PERM2') ? 'PERM2' : (offered[0] ?? 'NAP1')),
  );
  const [stakeText, setStakeText] = useState(() => kept?.stakeText ?? String(game.stake_rules.nap_min_stake / 100));
  useEffect(() => keepSlip(game.id, { slip, stakeText }), [game.id, slip, stakeText]);
  const [stakeTouched, setStakeTouched] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  /** The draw the server's errors were about: a "sales closed" goes once the next draw is on sale. */
  const [errorsDraw, setErrorsDraw] = useState<number | null>(null);
  const [bought, setBought] = useState<Ticket | null>(null);
  /** The last press got no answer: said beside Buy until the next press. */
  const [noAnswer, setNoAnswer] = useState(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const { role, user } = useAuth();
  const buy = useCreateTicket();
  const rates = useTaxRates();
  const ids = { hint: useId(), summary: useId(), buy: useId(), stake: useId() };

  // Re-renders when sales open or close, not every second (the draw bar's countdown ticks by itself).
  const onSale = useServerTime((now) => (draw ? isOnSale(draw, now) : false));
  const closed = useClosedNumbers(onSale ? draw?.id : undefined);
  const summary = summarize(slip, stakeText, game);
  const picked = pickCount(slip);
  const balance = user?.relationships?.wallet?.balance ?? 0;
  // Too little in the wallet for this ticket: the way to top up sits beside Buy, not a refusal after it.
  const lowBalance = role === 'user' && summary.valid && summary.totalStake !== null && balance < summary.totalStake;
  const taxText = taxLine({
    rates: rates.data,
    player: role === 'user' ? { state: user?.state } : undefined,
    potentialWin: summary.potentialWin,
    totalStake: summary.totalStake,
  });

  const changePicks = (next: Slip) => {
    setSlip(next);
    setNotice(null);
    setBought(null);
    setServerErrors(({ numbers: _n, top: _t, bottom: _b, bet_type: _bt, ...rest }) => rest);
  };

  const onToggle = (n: number) => {
    const { slip: next, full } = toggleNumber(slip, n);
    if (full) {
      const { max } = pickRange(slip.betType);
      setNotice(`${betTypeLabel(slip.betType)} takes ${max} numbers at most: tap a picked number to remove it.`);
      return;
    }
    changePicks(next);
  };

  const onBuy = () => {
    if (role !== 'user') {
      if (role === 'admin') toast.info('Back-office accounts cannot buy tickets. Log in as a player.');
      else openLogin();
      return;
    }
    setAttempted(true);
    const stake = parseNaira(stakeText);
    if (!summary.valid || stake === null || !draw || !onSale) return;
    const request = ticketRequest(slip, draw.id, stake);
    const signature = JSON.stringify(request);
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { signature, key };
    setNoAnswer(false);
    buy.mutate(
      { ...request, idempotency_key: key },
      {
        onSuccess: (purchase) => {
          attempt.current = null;
          setServerErrors({});
          setAttempted(false);
          setBought(purchase.data);
          toast.success(purchase.message ?? 'Ticket bought. Good luck!');
          setSlip((current) => ({ ...emptySlip(current.betType), group: current.group }));
          onBought?.(purchase.data);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.status === NO_RESPONSE) setNoAnswer(true);
          if (error.status === 422) {
            // A refusal is final: the next press is a new attempt with a new key.
            attempt.current = null;
            const fields: Record<string, string> = {};
            for (const field of ['numbers', 'top', 'bottom', 'bet_type', 'stake_per_line', 'draw_id', 'idempotency_key']) {
              const text = error.fieldError(field);
              if (text) fields[field] = text;
            }
            if (Object.keys(fields).length === 0) fields.draw_id = error.message;
            setServerErrors(fields);
            setErrorsDraw(request.draw_id);
          }
          // No answer or a 5xx: the outcome is unknown; the key stays, so pressing Buy again is safe.
        },
      },
    );
  };

  const picksError =
    firstError(serverErrors, PICK_FIELDS) ?? (attempted && summary.picks ? summary.picks.message : undefined);
  const stakeError =
    serverErrors.stake_per_line ??
    (summary.stake && (stakeTouched || attempted || summary.lines !== null) ? summary.stake : undefined);
  const buyError =
    (errorsDraw === draw?.id ? serverErrors.draw_id : undefined) ??
    serverErrors.idempotency_key ??
    (noAnswer ? NOT_BOUGHT_NO_ANSWER : undefined);
  const hint =
    slip.betType === 'AGAINST'
      ? `${pickHint(slip.betType)}: ${slip.top.length} TOP, ${slip.bottom.length} BOTTOM`
      : `${pickHint(slip.betType)} · ${picked} picked`;

  return (
    <form
      className="slip"
      aria-label={`Play ${game.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onBuy();
      }}
    >
      <div className="slip__main">
        <DrawBar draw={draw} onSale={onSale} />
        {draw && onSale ? <DrawFairness draw={draw} /> : null}

        <div className="slip__controls">
          <div className="field slip__type">
            <label className="field__label" htmlFor={`${ids.hint}-type`}>
              Bet type
            </label>
            <select
              id={`${ids.hint}-type`}
              className="field__input field__select"
              value={slip.betType}
              onChange={(event) => changePicks(changeBetType(slip, event.target.value as BetType))}
            >
              {offered.map((type) => (
                <option key={type} value={type}>
                  {betTypeLabel(type)} (×{multiplierFor(type, game.multipliers).toLocaleString('en-NG')})
                </option>
              ))}
            </select>
          </div>
          <TextField
            className={`slip__stake${stakeError ? ' field--invalid' : ''}`}
            label="Stake per line (₦)"
            name="stake_per_line"
            inputMode="decimal"
            autoComplete="off"
            value={stakeText}
            aria-invalid={stakeError ? true : undefined}
            aria-describedby={stakeError ? ids.stake : undefined}
            onChange={(event) => {
              setStakeText(event.target.value);
              setStakeTouched(true);
              setBought(null);
              setServerErrors(({ stake_per_line: _s, ...rest }) => rest);
            }}
          />
        </div>
        {stakeError ? (
          <p id={ids.stake} className="field__error slip__stake-error">
            {stakeError}
          </p>
        ) : null}

        <div className="slip__hint-row">
          <p id={ids.hint} className={`slip__hint${picksError ? ' slip__hint--error' : ''}`}>
            {picksError ?? notice ?? hint}
          </p>
          {slip.betType === 'AGAINST' ? (
            <div className="slip__groups" role="group" aria-label="Add numbers to">
              {(['top', 'bottom'] as Group[]).map((group) => (
                <button
                  key={group}
                  type="button"
                  className="slip__group"
                  aria-pressed={slip.group === group}
                  onClick={() => setSlip({ ...slip, group })}
                >
                  {group === 'top' ? 'TOP' : 'BOTTOM'}
                </button>
              ))}
            </div>
          ) : null}
        </div>

        <NumberBoard
          slip={slip}
          onToggle={onToggle}
          describedBy={ids.hint}
          invalid={Boolean(picksError)}
          closed={closed}
        />

        <div className="slip__actions">
          <button type="button" className="button button--ghost button--small" onClick={() => changePicks(quickPick(slip))}>
            Quick pick
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => changePicks({ ...emptySlip(slip.betType), group: slip.group })}
            disabled={picked === 0}
          >
            Clear
          </button>
        </div>
      </div>

      {/* Phone: stuck to the bottom of the screen, so the total and Buy stay in view after picking; desktop: beside
          the board. */}
      <div className="slip__checkout" data-testid="slip-checkout">
        <dl className="slip__summary" id={ids.summary} aria-live="polite">
          <div>
            <dt>Lines</dt>
            <dd data-testid="slip-lines">{summary.lines ?? '–'}</dd>
          </div>
          <div>
            <dt>Total stake</dt>
            <dd data-testid="slip-total">{summary.totalStake === null ? '–' : formatNaira(summary.totalStake)}</dd>
          </div>
          <div>
            <dt>{summary.capped ? 'Win up to (capped)' : 'Win up to'}</dt>
            <dd data-testid="slip-win">{summary.potentialWin === null ? '–' : formatNaira(summary.potentialWin)}</dd>
          </div>
        </dl>
        {taxText ? (
          <p className="slip__tax" data-testid="slip-tax" aria-live="polite">
            {taxText}
          </p>
        ) : null}

        <button
          type="submit"
          className="button button--accent button--large button--block slip__buy"
          disabled={!onSale || buy.isPending}
          aria-describedby={buyError ? ids.buy : undefined}
        >
          {buy.isPending
            ? 'Buying…'
            : !onSale
              ? 'Sales closed'
              : summary.valid && summary.totalStake !== null
                ? `Buy ticket · ${formatNaira(summary.totalStake)}`
                : 'Buy ticket'}
        </button>
        {buyError ? (
          <p id={ids.buy} className="slip__error" role="alert">
            {buyError}
          </p>
        ) : null}
        {lowBalance ? (
          <p className="slip__low" data-testid="slip-low-balance">
            <span>
              Your balance, <span className="slip__amount">{formatNaira(balance)}</span>, is less than this ticket&rsquo;s{' '}
              <span className="slip__amount">{formatNaira(summary.totalStake ?? 0)}</span>.
            </span>
            <Link className="button button--primary button--small" to={paths.user.deposit.getHref()}>
              Deposit
            </Link>
          </p>
        ) : null}
        {bought ? (
          <p className="slip__bought" role="status" data-testid="ticket-bought">
            Ticket #{bought.id} bought for draw #{bought.draw_id}: {formatNaira(bought.total_stake)}.{' '}
            <Link to={paths.user.myLottery.getHref()}>My lottery</Link>
          </p>
        ) : null}
      </div>
    </form>
  );
}
