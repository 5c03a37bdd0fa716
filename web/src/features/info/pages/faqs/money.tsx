import { Link } from 'react-router';
import { DEFAULT_STAKE_RULES, WALLET_LIMITS } from '@/lotto';
import { formatNaira } from '@/lib/format';
import { Faq } from './faq';

export function MoneyFaqs() {
  return (
    <section aria-labelledby="faq-money">
      <h2 id="faq-money">Deposits, withdrawals and limits</h2>

      <Faq question="How can I fund my wallet?">
        <p>
          Go to <strong>Deposit</strong>, enter an amount from {formatNaira(WALLET_LIMITS.depositMinKobo)} to{' '}
          {formatNaira(WALLET_LIMITS.depositMaxKobo)}, and you will be taken to our payment partner&rsquo;s
          secure checkout page to pay. The ways you can pay are shown there and can include debit card, bank
          transfer and USSD. We never see or store your full card number.
        </p>
      </Faq>

      <Faq question="Why was my deposit refused?">
        <p>A deposit is refused when:</p>
        <ul>
          <li>
            the amount is below {formatNaira(WALLET_LIMITS.depositMinKobo)} or above{' '}
            {formatNaira(WALLET_LIMITS.depositMaxKobo)};
          </li>
          <li>it would take you over a daily, weekly or monthly deposit limit you have set; or</li>
          <li>you are on a time-out or self-exclusion.</li>
        </ul>
      </Faq>

      <Faq question="I paid, but my balance hasn't gone up.">
        <p>
          Your deposit shows as pending on your Transactions page until our payment partner confirms it, which
          usually takes moments. Each payment is credited once only, however many times the confirmation
          reaches us. If it has still not arrived after an hour, contact us with the payment reference shown
          on your Transactions page or your checkout receipt.
        </p>
      </Faq>

      <Faq question="How long do withdrawals take?">
        <p>
          The amount is held from the moment you ask, and the withdrawal shows as pending. Our team reviews
          each withdrawal as quickly as we can; once it is approved, we send the money to your bank account by
          bank transfer. Most transfers arrive within minutes, but your bank or the payment network can
          sometimes take longer. You can follow every step live on your Transactions page. If a withdrawal is
          rejected, or the transfer fails, the money goes straight back to your wallet.
        </p>
      </Faq>

      <Faq question="The account name shown for my bank account isn't my name.">
        <p>
          When you enter your account number, we look up the account name from your bank. We pay winnings only
          into an account in your own name, so:
        </p>
        <ul>
          <li>
            Check you chose the right bank. The same 10-digit number can belong to different people at
            different banks.
          </li>
          <li>Check every digit of the account number.</li>
          <li>
            If the account is yours and the difference is small, such as your names in a different order or a
            missing middle name, save it and contact us. We may ask you to confirm your identity before your
            first withdrawal.
          </li>
          <li>If the name is someone else&rsquo;s, don&rsquo;t save it: use an account in your own name.</li>
        </ul>
      </Faq>

      <Faq question="What limits apply to my account?">
        <div className="table-wrap">
          <table>
            <caption>Standard limits (a game can set its own stake limits and payout cap)</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Limit</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Each deposit</th>
                <td>
                  {formatNaira(WALLET_LIMITS.depositMinKobo)} to {formatNaira(WALLET_LIMITS.depositMaxKobo)}
                </td>
              </tr>
              <tr>
                <th scope="row">Each withdrawal</th>
                <td>At least {formatNaira(WALLET_LIMITS.withdrawalMinKobo)}, up to your balance</td>
              </tr>
              <tr>
                <th scope="row">NAP ticket</th>
                <td>At least {formatNaira(DEFAULT_STAKE_RULES.nap_min_stake)}</td>
              </tr>
              <tr>
                <th scope="row">PERM, 1 Banker and Against tickets</th>
                <td>
                  At least {formatNaira(DEFAULT_STAKE_RULES.min_stake_per_line)} per line and{' '}
                  {formatNaira(DEFAULT_STAKE_RULES.min_ticket_total)} in total
                </td>
              </tr>
              <tr>
                <th scope="row">Any ticket</th>
                <td>At most {formatNaira(DEFAULT_STAKE_RULES.max_ticket_total)} in total</td>
              </tr>
              <tr>
                <th scope="row">Most one ticket can pay</th>
                <td>{formatNaira(DEFAULT_STAKE_RULES.payout_cap)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          On top of these, you can set your own daily, weekly and monthly deposit limits. See{' '}
          <Link to="/responsible-gaming">Responsible gaming</Link>.
        </p>
      </Faq>
    </section>
  );
}
