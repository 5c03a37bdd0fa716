import { Link } from 'react-router';

/** Sections 1–5: who we are, the law, what we collect, why, and what is stored on your device. */
export function WhatWeCollect() {
  return (
    <>
      <section aria-labelledby="p1">
        <h2 id="p1">1. Who we are</h2>
        <p>
          <strong>1.1</strong> This policy explains how the operator of Ayo Lotto (&ldquo;we&rdquo;,
          &ldquo;us&rdquo;) collects, uses, shares and protects your personal data when you use our website
          and services, and the rights you have. We are the data controller for the personal data described
          here. Our details and licence status are published on our <Link to="/about">About page</Link>.
        </p>
        <p>
          <strong>1.2</strong> For any question about your data, or to use your rights, write to us through
          the <Link to="/contact">Contact page</Link> with &ldquo;Privacy&rdquo; as the subject. Your message
          goes to the person responsible for data protection at Ayo Lotto.
        </p>
      </section>

      <section aria-labelledby="p2">
        <h2 id="p2">2. The law that protects your data</h2>
        <p>
          <strong>2.1</strong> We process personal data in line with the Nigeria Data Protection Act 2023
          (NDPA) and the rules made under it. The Act is enforced by the Nigeria Data Protection Commission
          (NDPC).
        </p>
        <p>
          <strong>2.2</strong> We collect only the data we need, use it only for the purposes in this policy,
          keep it accurate, keep it no longer than necessary, and protect it.
        </p>
      </section>

      <section aria-labelledby="p3">
        <h2 id="p3">3. The data we collect</h2>
        <div className="table-wrap">
          <table>
            <caption>Personal data we hold, and where it comes from</caption>
            <thead>
              <tr>
                <th scope="col">Kind of data</th>
                <th scope="col">What it includes</th>
                <th scope="col">Where it comes from</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Account details</th>
                <td>Name, email address, phone number, date of birth</td>
                <td>You, at sign-up</td>
              </tr>
              <tr>
                <th scope="row">Sign-in details</th>
                <td>
                  Your password, stored only as an Argon2id hash that cannot be turned back into the password;
                  one-time codes, also stored only as hashes and valid for 10 minutes
                </td>
                <td>You, and our systems</td>
              </tr>
              <tr>
                <th scope="row">Bank account</th>
                <td>Bank, 10-digit account number, and the account name your bank holds</td>
                <td>You, and the account-name lookup through our payment partner</td>
              </tr>
              <tr>
                <th scope="row">Transactions</th>
                <td>
                  Deposits, stakes, wins, refunds, withdrawals and adjustments: amount, status, reference,
                  date, and balance after; payment status and method from our payment partner (never your full
                  card number or PIN)
                </td>
                <td>Our systems, and our payment partner</td>
              </tr>
              <tr>
                <th scope="row">Tickets</th>
                <td>Draw, bet type, numbers, stakes and results</td>
                <td>You, and our systems</td>
              </tr>
              <tr>
                <th scope="row">Responsible gaming settings</th>
                <td>Deposit limits, time-outs and self-exclusions, with their dates</td>
                <td>You</td>
              </tr>
              <tr>
                <th scope="row">Messages</th>
                <td>Name, email address, subject and message you send through the Contact page</td>
                <td>You</td>
              </tr>
              <tr>
                <th scope="row">Technical and security data</th>
                <td>
                  IP address, browser and device type, times you log in, and security events such as failed
                  logins and code requests
                </td>
                <td>Your device, when you use the service</td>
              </tr>
              <tr>
                <th scope="row">Proof of age or identity</th>
                <td>Only if we ask for it: a copy of an identity document</td>
                <td>You</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          <strong>3.1</strong> We do not ask for sensitive personal data, such as information about your
          health or religion. If you choose to tell us about such things, for example when asking for help
          with your gambling, we use it only to help you and protect it with extra care.
        </p>
      </section>

      <section aria-labelledby="p4">
        <h2 id="p4">4. Why we use your data, and our lawful basis</h2>
        <p>
          <strong>4.1</strong> The NDPA allows us to process personal data only where we have a lawful basis.
          The table shows what we use your data for and the basis we rely on.
        </p>
        <div className="table-wrap">
          <table>
            <caption>Purposes and lawful bases</caption>
            <thead>
              <tr>
                <th scope="col">Purpose</th>
                <th scope="col">Lawful basis</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">
                  Opening and running your account, selling tickets, settling and paying winnings
                </th>
                <td>Performing our contract with you</td>
              </tr>
              <tr>
                <th scope="row">
                  Deposits and withdrawals, including checking the name on your bank account
                </th>
                <td>
                  Performing our contract with you; our legitimate interest in paying only the right person
                </td>
              </tr>
              <tr>
                <th scope="row">Checking that you are 18 or older</th>
                <td>
                  Performing our contract with you (our service is for adults only); our regulatory
                  obligations
                </td>
              </tr>
              <tr>
                <th scope="row">
                  Keeping financial records, preventing fraud and money laundering, and answering regulators,
                  tax authorities and law enforcement
                </th>
                <td>Legal obligation; our legitimate interest in preventing fraud</td>
              </tr>
              <tr>
                <th scope="row">Applying your deposit limits, time-outs and self-exclusions</th>
                <td>Performing our contract with you; legal obligation where the law requires these tools</td>
              </tr>
              <tr>
                <th scope="row">Keeping the service secure, for example limiting repeated login attempts</th>
                <td>Our legitimate interest in protecting you and the service</td>
              </tr>
              <tr>
                <th scope="row">Sending codes and messages about your account, payments and tickets</th>
                <td>Performing our contract with you</td>
              </tr>
              <tr>
                <th scope="row">Answering your messages and complaints</th>
                <td>Our legitimate interest in helping you and resolving complaints</td>
              </tr>
              <tr>
                <th scope="row">Marketing messages, if we ever send them</th>
                <td>Your consent, which you can withdraw at any time</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="p5">
        <h2 id="p5">5. What we store on your device</h2>
        <p>
          <strong>5.1</strong> To keep you logged in, our site stores your sign-in token and when it expires,
          your basic account details, and the list of banks in your browser&rsquo;s local storage. Logging out
          removes your sign-in details.
        </p>
        <p>
          <strong>5.2</strong> We do not use advertising or tracking cookies. If we ever add analytics or
          other non-essential storage, we will update this policy first and ask for your consent where the law
          requires.
        </p>
      </section>
    </>
  );
}
