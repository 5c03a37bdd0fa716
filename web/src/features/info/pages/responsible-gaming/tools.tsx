import { Link } from 'react-router';

/** The responsible-gaming tools and exactly how each one behaves (docs/product.md §8). */
export function Tools() {
  return (
    <section aria-labelledby="tools">
      <h2 id="tools">Tools to stay in control</h2>
      <p>
        You can set all of these yourself, any time, on your <Link to="/user/profile">profile page</Link>.
        They take effect on our servers, so they apply on every phone and computer you use.
      </p>

      <div className="table-wrap">
        <table>
          <caption>Responsible gaming tools at a glance</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Choices</th>
              <th scope="col">When it starts</th>
              <th scope="col">Can it be undone early?</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Deposit limit</th>
              <td>An amount per day, per week and per month</td>
              <td>A new or lower limit: at once</td>
              <td>You can raise or remove a limit at any time, but the change only applies after 24 hours</td>
            </tr>
            <tr>
              <th scope="row">Time-out</th>
              <td>24 hours, 7 days or 30 days</td>
              <td>At once</td>
              <td>No</td>
            </tr>
            <tr>
              <th scope="row">Self-exclusion</th>
              <td>6 months, 1 year or 5 years</td>
              <td>At once</td>
              <td>No</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h3>Deposit limits</h3>
      <p>
        Set the most you can deposit in a day, a week and a month. You can set one, two or all three. A
        deposit that would take you over any of your limits is refused.
      </p>
      <ul>
        <li>
          <strong>Lowering a limit works straight away.</strong> The new, lower limit applies to your very
          next deposit.
        </li>
        <li>
          <strong>Raising or removing a limit takes 24 hours.</strong> Your old limit stays in force until
          then. The wait is there on purpose: it gives you time to think it over.
        </li>
      </ul>

      <h3>Time-out</h3>
      <p>
        A short break of 24 hours, 7 days or 30 days. It starts the moment you confirm it and cannot be
        cancelled or shortened, not even by our staff.
      </p>

      <h3>Self-exclusion</h3>
      <p>
        A longer break of 6 months, 1 year or 5 years, for when you feel gambling is becoming a problem. Like
        a time-out, it starts at once and <strong>cannot be undone early</strong>, however you ask. Please
        don&rsquo;t open another account while you are excluded: we close accounts opened to get around an
        exclusion.
      </p>

      <h3>What happens during a time-out or self-exclusion</h3>
      <ul>
        <li>You cannot buy tickets.</li>
        <li>You cannot deposit.</li>
        <li>
          <strong>You can still withdraw your balance</strong> to your saved bank account, and see your
          tickets and transactions. Your money is never locked in.
        </li>
      </ul>

      <h3>Your account history</h3>
      <p>
        Your Transactions page shows at least the last 12 months of deposits, stakes, wins, refunds and
        withdrawals, with the balance after each one. You can download it as a CSV file to open in a
        spreadsheet. Looking at the real totals now and then is one of the best ways to keep track of what you
        spend.
      </p>
    </section>
  );
}
