import { Link } from 'react-router';
import { WALLET_LIMITS } from '@/lotto';
import { formatNaira } from '@/lib/format';

/** Sections 1–6: these terms, who can play, your account, your wallet, deposits and withdrawals. */
export function AccountAndMoneyTerms() {
  return (
    <>
      <section aria-labelledby="t1">
        <h2 id="t1">1. About these terms</h2>
        <p>
          <strong>1.1</strong> These terms and conditions (&ldquo;terms&rdquo;) are the agreement between you
          and us for your use of the Ayo Lotto website and services. In them, &ldquo;Ayo Lotto&rdquo;,
          &ldquo;we&rdquo;, &ldquo;us&rdquo; and &ldquo;our&rdquo; mean the operator of the Ayo Lotto service,
          whose details and licence status are published on our <Link to="/about">About page</Link>.
          &ldquo;You&rdquo; means the person who holds the account.
        </p>
        <p>
          <strong>1.2</strong> Our <Link to="/lottery-rules">Lottery rules</Link>,{' '}
          <Link to="/privacy-policy">Privacy policy</Link> and{' '}
          <Link to="/responsible-gaming">Responsible gaming</Link> page form part of these terms. If these
          terms and the Lottery rules ever differ on how a ticket is settled, the Lottery rules apply.
        </p>
        <p>
          <strong>1.3</strong> By creating an account you accept these terms. If you do not accept them,
          please do not use Ayo Lotto.
        </p>
      </section>

      <section aria-labelledby="t2">
        <h2 id="t2">2. Who can play</h2>
        <p>
          <strong>2.1</strong> You must be <strong>18 or older</strong>. We may ask for proof of your age or
          identity at any time, and may suspend your account until we receive it.
        </p>
        <p>
          <strong>2.2</strong> Ayo Lotto is offered to players in Nigeria. You must not use it from any place
          where taking part in an online lottery is against the law.
        </p>
        <p>
          <strong>2.3</strong> Each person may hold <strong>one account</strong>. Your account is personal to
          you and you may not let anyone else use it, or sell or transfer it.
        </p>
        <p>
          <strong>2.4</strong> You may not play while you are on a time-out or self-exclusion (see section
          10). Our staff, and anyone who can influence a draw or the settlement of tickets, may not play.
        </p>
        <p>
          <strong>2.5</strong> If we find that an account holder is under 18, we will close the account.
          Tickets not yet settled will be cancelled and their stakes refunded, and the money deposited will be
          returned, less any amount already withdrawn. Winnings will not be paid.
        </p>
      </section>

      <section aria-labelledby="t3">
        <h2 id="t3">3. Your account</h2>
        <p>
          <strong>3.1</strong> The details you give us (your name, email address, phone number and date of
          birth) must be true, complete and your own, and you must keep them up to date. Your name must match
          the name on the bank account you withdraw to.
        </p>
        <p>
          <strong>3.2</strong> You must verify your email address with the 6-digit code we send before you can
          play.
        </p>
        <p>
          <strong>3.3</strong> Keep your password and one-time codes secret. Our staff will never ask you for
          them. You are responsible for what is done with your account, except where it is caused by our
          failure or happens after you have told us that your account may have been misused. Tell us straight
          away through the <Link to="/contact">Contact page</Link> if you think it has been.
        </p>
        <p>
          <strong>3.4</strong> Once verified, your email address cannot be changed from your profile. To
          change it or your phone number, contact us; we will confirm your identity first.
        </p>
      </section>

      <section aria-labelledby="t4">
        <h2 id="t4">4. Your wallet</h2>
        <p>
          <strong>4.1</strong> Your wallet holds naira, recorded to the exact kobo. Every change to your
          balance is recorded as a transaction in our ledger, with the balance after it. Our ledger is the
          official record of your wallet, and you can see every entry on your Transactions page.
        </p>
        <p>
          <strong>4.2</strong> Your wallet is for playing Ayo Lotto. It is not a bank or savings account and
          does not earn interest.
        </p>
        <p>
          <strong>4.3</strong> Your balance can never go below zero. We do not give credit, and you can only
          stake money that is already in your wallet.
        </p>
        <p>
          <strong>4.4</strong> If money is credited to your wallet by mistake, for example because of a
          technical fault, we may correct it with an adjustment. The adjustment and its reason will show in
          your transactions. If you have already withdrawn money that was credited by mistake, you must pay it
          back.
        </p>
      </section>

      <section aria-labelledby="t5">
        <h2 id="t5">5. Deposits</h2>
        <p>
          <strong>5.1</strong> You deposit through our payment partner&rsquo;s secure checkout. The payment
          methods available are shown there. We never see or store your full card number or PIN.
        </p>
        <p>
          <strong>5.2</strong> Each deposit must be between {formatNaira(WALLET_LIMITS.depositMinKobo)} and{' '}
          {formatNaira(WALLET_LIMITS.depositMaxKobo)}, within any deposit limits you have set, and is not
          possible during a time-out or self-exclusion.
        </p>
        <p>
          <strong>5.3</strong> You may only pay with a card or account in your own name.
        </p>
        <p>
          <strong>5.4</strong> A deposit is credited when our payment partner confirms it, and each payment is
          credited once only.
        </p>
        <p>
          <strong>5.5</strong> We do not charge a fee to deposit or withdraw unless we tell you the fee before
          you confirm. Your bank or payment provider may charge its own fees.
        </p>
        <p>
          <strong>5.6</strong> If you reverse or dispute a payment you made and authorised, we may take the
          amount back from your wallet and suspend your account while we look into it.
        </p>
      </section>

      <section aria-labelledby="t6">
        <h2 id="t6">6. Withdrawals</h2>
        <p>
          <strong>6.1</strong> You can withdraw any amount from {formatNaira(WALLET_LIMITS.withdrawalMinKobo)}{' '}
          up to your balance, only to the one bank account saved on your Ayo Lotto account. It must be a
          Nigerian bank account in your own name. When you save it, we check the account number and look up
          the account name from your bank.
        </p>
        <p>
          <strong>6.2</strong> The amount is held in your wallet as soon as you ask, and shows as pending. Our
          team reviews each withdrawal. When it is approved we send the money by bank transfer. If we reject
          it, or the transfer fails, the full amount goes back to your wallet.
        </p>
        <p>
          <strong>6.3</strong> Before paying a withdrawal we may ask you to confirm your identity, and we may
          delay or refuse it where the law requires, or where we reasonably suspect fraud or a breach of these
          terms. We will tell you the reason unless the law does not allow us to.
        </p>
        <p>
          <strong>6.4</strong> Once we have sent a transfer, how quickly it arrives depends on the banks and
          the payment network.
        </p>
        <p>
          <strong>6.5</strong> You can withdraw your balance at any time, including during a time-out or
          self-exclusion.
        </p>
      </section>
    </>
  );
}
