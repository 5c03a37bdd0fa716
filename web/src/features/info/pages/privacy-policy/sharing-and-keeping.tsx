/** Sections 6–9: who we share data with, transfers abroad, how long we keep it, and how we protect it. */
export function SharingAndKeeping() {
  return (
    <>
      <section aria-labelledby="p6">
        <h2 id="p6">6. Who we share your data with</h2>
        <p>
          <strong>6.1</strong> We <strong>never sell or rent</strong> your personal data, and we do not share
          it with anyone for their own marketing.
        </p>
        <p>
          <strong>6.2</strong> We share only what each of these needs:
        </p>
        <ul>
          <li>
            <strong>Payment partners</strong> (such as Paystack) and banks, to take deposits, look up the name
            on your bank account and send withdrawals;
          </li>
          <li>
            <strong>Service providers</strong> who host our systems and send our emails, under contracts that
            require them to keep your data safe and use it only on our instructions;
          </li>
          <li>
            <strong>Regulators, tax authorities, law enforcement and courts</strong>, when the law requires it
            or to prevent or report fraud and other crime;
          </li>
          <li>
            <strong>Professional advisers</strong> such as auditors and lawyers, who are bound to keep it
            confidential; and
          </li>
          <li>
            <strong>A buyer of our business</strong>, if it is ever sold, who must protect your data as this
            policy says.
          </li>
        </ul>
      </section>

      <section aria-labelledby="p7">
        <h2 id="p7">7. Transfers outside Nigeria</h2>
        <p>
          <strong>7.1</strong> Some of our service providers may store or process data outside Nigeria. We
          transfer personal data out of Nigeria only as the NDPA allows: to countries or organisations that
          give it an adequate level of protection, or on another basis the Act permits, with safeguards such
          as contract terms that protect your data.
        </p>
      </section>

      <section aria-labelledby="p8">
        <h2 id="p8">8. How long we keep your data</h2>
        <div className="table-wrap">
          <table>
            <caption>Retention periods</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">How long we keep it</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Account details, transactions, tickets, bank account, proof of identity</th>
                <td>
                  While your account is open, then 5 years after it closes, or longer if the law requires,
                  because financial and anti-money-laundering rules require us to keep these records
                </td>
              </tr>
              <tr>
                <th scope="row">Time-outs and self-exclusions</th>
                <td>
                  For as long as the time-out or exclusion lasts, and then as long as the records above, even
                  if you close your account, so that we can keep to it
                </td>
              </tr>
              <tr>
                <th scope="row">Messages to us</th>
                <td>2 years after the matter is closed</td>
              </tr>
              <tr>
                <th scope="row">Technical and security data (including IP addresses)</th>
                <td>12 months, unless needed longer to investigate a security incident or fraud</td>
              </tr>
              <tr>
                <th scope="row">One-time codes</th>
                <td>They expire after 10 minutes and are then deleted</td>
              </tr>
              <tr>
                <th scope="row">Data stored in your browser</th>
                <td>Until you log out or clear your browser&rsquo;s storage</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          <strong>8.1</strong> When the period ends, we delete the data or make it anonymous so that it can no
          longer identify you.
        </p>
      </section>

      <section aria-labelledby="p9">
        <h2 id="p9">9. How we protect your data</h2>
        <ul>
          <li>All traffic between your device and our service is encrypted (HTTPS).</li>
          <li>Passwords and one-time codes are stored only as one-way hashes.</li>
          <li>Login and code requests are rate limited to stop guessing.</li>
          <li>
            Only staff who need your data for their work can see it, and every action taken by our staff is
            recorded in an audit log.
          </li>
        </ul>
        <p>
          <strong>9.1</strong> If a personal data breach happens, we will notify the Nigeria Data Protection
          Commission as the NDPA requires and, where the breach is likely to put your rights and freedoms at
          high risk, tell you without delay, with advice on what you can do.
        </p>
      </section>
    </>
  );
}
