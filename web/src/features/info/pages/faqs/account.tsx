import { Faq } from './faq';

export function AccountFaqs() {
  return (
    <section aria-labelledby="faq-account">
      <h2 id="faq-account">Your account</h2>

      <Faq question="I didn't receive my verification code (OTP). What should I do?">
        <ul>
          <li>Check that the email address you signed up with is spelt correctly.</li>
          <li>Look in your spam, junk, promotions or updates folders.</li>
          <li>
            Give it a couple of minutes, then tap <strong>Resend</strong>. You can ask for a new code once a
            minute. Always use the newest code you received.
          </li>
          <li>
            A code works for 10 minutes. After 5 wrong tries it stops working, and you will need to ask for a
            new one.
          </li>
        </ul>
        <p>
          If nothing arrives after a few tries, contact us with the email address you used. Never share your
          code with anyone: our staff will never ask you for it.
        </p>
      </Faq>

      <Faq question="Can I log in with my phone number instead of my email?">
        <p>
          Yes. You can log in with either your email address or your phone number. Enter the phone number in
          full, with the country code, the way it was saved when you signed up. For example, the Nigerian
          number 0803 123 4567 is entered as +2348031234567.
        </p>
      </Faq>

      <Faq question="I've forgotten my password. How do I reset it?">
        <ol>
          <li>
            Open the <strong>Log in</strong> window and tap <strong>Forgotten Password</strong>.
          </li>
          <li>Enter the email address on your account. We email you a 6-digit code.</li>
          <li>Enter the code and choose a new password of at least 6 characters.</li>
        </ol>
        <p>
          For your security, we show the same message whether or not an account exists for the email you
          typed, so check you used the right one if no code arrives.
        </p>
      </Faq>

      <Faq question="Why am I asked for a code again when I log in?">
        <p>
          Your email address has not been verified yet. This happens if you closed the sign-up window before
          entering your code. Enter the code from your email, or tap <strong>Resend</strong> for a new one.
          Once your email is verified, you can log in normally.
        </p>
      </Faq>

      <Faq question="Can I change my email address or phone number?">
        <p>
          Your email address cannot be changed from your profile once it has been verified, because we use it
          to confirm who you are. If you need to change your email address or phone number, contact us. We
          will ask you to confirm your identity before we make the change.
        </p>
      </Faq>

      <Faq question="Can I have more than one account?">
        <p>
          No. Each person may have one Ayo Lotto account. We close duplicate accounts, especially ones opened
          during a time-out or self-exclusion.
        </p>
      </Faq>
    </section>
  );
}
