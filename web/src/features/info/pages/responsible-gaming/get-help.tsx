import { Link } from 'react-router';

/**
 * Where to get help. Only organisations we are sure exist are named, and the UK ones are said to be UK
 * services. No phone numbers are given for helplines: see docs/content.md before adding any.
 */
export function GetHelp() {
  return (
    <section aria-labelledby="help">
      <h2 id="help">Where to get help</h2>
      <p className="callout">
        If you are in crisis or thinking about harming yourself, please call the emergency number 112 or go to
        the nearest hospital emergency department now.
      </p>

      <h3>Talk to someone</h3>
      <p>
        Problem gambling is common and it can be treated. Talking to someone you trust, such as a family
        member, a friend or a religious leader, is often the first step.
      </p>

      <h3>Health services in Nigeria</h3>
      <p>
        A doctor at your hospital or clinic can refer you for help. Mental health services, including help
        with addictions, are offered by the psychiatry departments of teaching hospitals and by the Federal
        Neuro-Psychiatric Hospitals.
      </p>

      <h3>Support online</h3>
      <ul>
        <li>
          <a href="https://www.gamblingtherapy.org" rel="noopener noreferrer">
            Gambling Therapy
          </a>{' '}
          offers free online support, with advice and peer forums, to people affected by gambling anywhere in
          the world.
        </li>
        <li>
          <a href="https://www.gamblersanonymous.org" rel="noopener noreferrer">
            Gamblers Anonymous
          </a>{' '}
          is a fellowship of people who help each other stop gambling. Its website lists meetings.
        </li>
        <li>
          <a href="https://www.gamcare.org.uk" rel="noopener noreferrer">
            GamCare
          </a>{' '}
          and{' '}
          <a href="https://www.begambleaware.org" rel="noopener noreferrer">
            BeGambleAware
          </a>{' '}
          are UK organisations. Their helplines and treatment services are for people in the UK, but the
          self-help information on their websites is useful to anyone.
        </li>
      </ul>

      <h3>Block gambling sites</h3>
      <p>
        Blocking apps can stop your phone or computer opening gambling websites and apps. Used together with
        self-exclusion, they make it much easier to keep to a break.
      </p>

      <h3>If someone close to you gambles too much</h3>
      <p>
        Gambling problems affect families too. Gambling Therapy and GamCare also have advice for partners,
        parents and friends. If you believe someone is using an Ayo Lotto account while under 18, or is being
        harmed by their gambling, please tell us through the <Link to="/contact">Contact page</Link>.
      </p>

      <h3>Talk to us</h3>
      <p>
        If you would like help setting a limit or a break, or you want to talk about your play, write to us
        through the <Link to="/contact">Contact page</Link>. Our answers will always respect your privacy.
      </p>
    </section>
  );
}
