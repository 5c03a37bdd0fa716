/**
 * The amounts a player may move (docs/product.md §7), checked in the browser before the server checks them again:
 * a deposit of ₦100 – ₦1,000,000 within the room the player's deposit limits leave, a withdrawal of at least
 * ₦1,000 and not above the balance. Amounts are typed in naira and sent in kobo. Pure.
 */
import { formatNaira } from '@/lib/format';
import { nairaToKobo } from '@/lib/naira-input';

export const DEPOSIT_MIN = 10_000;
export const DEPOSIT_MAX = 100_000_000;
export const WITHDRAWAL_MIN = 100_000;

export type AmountCheck = { ok: true; kobo: number } | { ok: false; error: string };

const NOT_AN_AMOUNT = 'Enter an amount in naira, like 5000 or 2500.50';

function parse(text: string, empty: string): AmountCheck | number {
  if (!text.trim()) return { ok: false, error: empty };
  const kobo = nairaToKobo(text);
  return kobo === null ? { ok: false, error: NOT_AN_AMOUNT } : kobo;
}

/** `room`: what the deposit limits still allow now (null: no limit set). */
export function checkDepositAmount(text: string, room: number | null = null): AmountCheck {
  const kobo = parse(text, 'Enter the amount to deposit');
  if (typeof kobo !== 'number') return kobo;
  if (kobo < DEPOSIT_MIN) return { ok: false, error: `The least you can deposit is ${formatNaira(DEPOSIT_MIN)}` };
  if (kobo > DEPOSIT_MAX) {
    return { ok: false, error: `The most you can deposit at once is ${formatNaira(DEPOSIT_MAX)}` };
  }
  if (room !== null && kobo > room) {
    return {
      ok: false,
      error:
        room < DEPOSIT_MIN
          ? 'Your deposit limit is used up for now'
          : `Your deposit limit lets you deposit up to ${formatNaira(room)} now`,
    };
  }
  return { ok: true, kobo };
}

export function checkWithdrawalAmount(text: string, balance: number): AmountCheck {
  const kobo = parse(text, 'Enter the amount to withdraw');
  if (typeof kobo !== 'number') return kobo;
  if (kobo < WITHDRAWAL_MIN) return { ok: false, error: `The minimum withdrawal is ${formatNaira(WITHDRAWAL_MIN)}` };
  if (kobo > balance) {
    return {
      ok: false,
      error:
        balance < WITHDRAWAL_MIN
          ? `Your balance of ${formatNaira(balance)} is below the ${formatNaira(WITHDRAWAL_MIN)} minimum`
          : `You can withdraw up to your balance of ${formatNaira(balance)}`,
    };
  }
  return { ok: true, kobo };
}
