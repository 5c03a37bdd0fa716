import { Link } from 'react-router';
import { type LottoRules, WALLET_LIMITS } from '@/lotto';
import { formatNaira } from '@/lib/format';
import { WithholdingTaxExplained } from '@/features/info/components/withholding-tax';

/** The player's journey from sign-up to withdrawal, one step at a time. */
export function Steps({ rules }: { rules: LottoRules }) {
  const { limits } = rules;
  return (
    <section aria-labelledby="steps">
      <h2 id="steps">Step by step</h2>
      <ol>
        <li>
          <h3>Create your account (18+ only)</h3>
          <p>
            Tap <strong>Sign up</strong> and enter your name, email address, date of birth, phone number and a
            password of at least 6 characters. You must be 18 or older to play. Nigeria (+234) is already
            selected for your phone number; you can type the number with or without its first 0, so 0803 123
            4567 becomes +234 803 123 4567.
          </p>
        </li>
        <li>
          <h3>Verify your email</h3>
          <p>
            We email you a 6-digit code. Enter it in the sign-up window to verify your account. The code works
            for 10 minutes. If it hasn&rsquo;t arrived, check your spam or promotions folder, then tap{' '}
            <strong>Resend</strong> (you can ask for a new code once a minute).
          </p>
        </li>
        <li>
          <h3>Log in</h3>
          <p>
            Log in with your email address or your full phone number, and your password. Your balance then
            shows at the top of every page.
          </p>
        </li>
        <li>
          <h3>Fund your wallet</h3>
          <p>
            Go to <strong>Deposit</strong>, enter an amount from {formatNaira(WALLET_LIMITS.depositMinKobo)}{' '}
            to {formatNaira(WALLET_LIMITS.depositMaxKobo)}, and pay on our payment partner&rsquo;s secure
            checkout page. Your balance goes up as soon as the payment is confirmed. If you have set a deposit
            limit, a deposit that would take you over it is refused.
          </p>
        </li>
        <li>
          <h3>Pick a game and a draw</h3>
          <p>
            Open <Link to="/games">Games</Link>. Each game shows its next draw, when sales close and when the
            balls are drawn, all in West Africa Time (WAT). The countdown tells you how long is left to buy.
          </p>
        </li>
        <li>
          <h3>Choose your bet type</h3>
          <p>
            <strong>NAP 1 to NAP 5</strong> are single lines: NAP 1 wins if your number is the first ball
            drawn; NAP 2 to NAP 5 win if all your numbers are drawn. <strong>PERM 2 to PERM 5</strong> play
            every combination of the numbers you pick. <strong>1 Banker</strong> pairs one number with all the
            others. <strong>Against</strong> pairs a TOP group with a BOTTOM group. See the{' '}
            <Link to="/lottery-rules">Lottery rules</Link> for the full details and what each one pays.
          </p>
        </li>
        <li>
          <h3>Pick your numbers, or use Quick pick</h3>
          <p>
            Tap numbers from 1 to 90 on the board, or use <strong>Quick pick</strong> to have random numbers
            chosen for you. For Against, pick your TOP numbers and your BOTTOM numbers.
          </p>
        </li>
        <li>
          <h3>Set your stake</h3>
          <p>
            Your stake is per line. The ticket shows how many lines it has and the total: stake per line ×
            lines. A NAP ticket needs at least {formatNaira(limits.nap_min_stake)}; other bets need at least{' '}
            {formatNaira(limits.min_stake_per_line)} per line and {formatNaira(limits.min_ticket_total)} in
            total. No ticket can cost more than {formatNaira(limits.max_ticket_total)}. The most a ticket can
            pay, {formatNaira(limits.payout_cap)} unless the game says otherwise, is shown before you buy.
          </p>
        </li>
        <li>
          <h3>Buy before sales close</h3>
          <p>
            Check your ticket and tap <strong>Buy</strong>. The total comes out of your wallet and the ticket
            appears in <strong>My lottery</strong>. Sales stop at the closing time shown; after that, you can
            buy for the game&rsquo;s next draw. A ticket cannot be cancelled once bought.
          </p>
        </li>
        <li>
          <h3>Watch the draw live</h3>
          <p>
            At draw time the five winning numbers appear on the game page as they are drawn, followed by the
            five machine numbers (these are shown for interest and don&rsquo;t count). Each result has a{' '}
            <strong>Verify</strong> panel so you can check the draw was fair.
          </p>
        </li>
        <li>
          <h3>Winnings are paid automatically</h3>
          <p>
            When the draw is settled, any win goes straight into your wallet. There is nothing to claim. You
            can see it in My lottery and in your transactions.
          </p>
          <WithholdingTaxExplained headingLevel={4} />
        </li>
        <li>
          <h3>Withdraw to your bank account</h3>
          <p>
            Add your bank account once in <strong>Bank account</strong>: choose your bank, enter your 10-digit
            account number, and check that the account name shown is yours. Then go to{' '}
            <strong>Withdrawal</strong> and enter at least {formatNaira(WALLET_LIMITS.withdrawalMinKobo)}, up
            to your balance. The amount is held straight away while our team reviews the request; once
            approved, it is sent to your bank. If a withdrawal is rejected or the transfer fails, the money
            comes back to your wallet. You can follow each step live on your Transactions page.
          </p>
        </li>
      </ol>
    </section>
  );
}
