import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { AgeBadge } from '@/components/ui/age-badge';
import { ReconnectingNotice } from '@/components/ui/reconnecting-notice/reconnecting-notice';
import { paths } from '@/config/paths';
import { openSignup } from '@/lib/auth-dialogs';
import { useAuth } from '@/lib/session';
import { describeBreak, useBreak } from '@/lib/on-break';
import { useGames } from '@/features/games/api/get-games';
import { GamesList } from '@/features/games/components/games-list';
import { LatestResults } from '@/features/games/components/latest-results';
import { NextDrawPanel } from '@/features/games/components/next-draw-panel';
import './home.css';

const STEPS = [
  { title: 'Sign up', text: 'Create your account in a minute and verify your email. You must be 18 or older.' },
  { title: 'Fund your wallet', text: 'Add money from ₦100 through our secure payment partner. Your balance is always on screen.' },
  { title: 'Pick your numbers', text: 'Choose from 1 to 90: NAP, PERM, Banker or Against. Stakes start at ₦50 a ticket.' },
  { title: 'Watch the draw', text: 'Five balls are drawn live. Wins go straight to your wallet, ready to withdraw.' },
];

/**
 * The home page (docs/product.md §14 "/"): what Ayo Lotto is, the next draw to close with its live countdown
 * (docs/product.md §5), the games, the latest results, how to start, and the promises it keeps.
 */
export function HomeRoute() {
  const { role } = useAuth();
  const onBreak = useBreak();
  const games = useGames();
  // The games arrive as a low-priority update: the panel and the cards render in slices, not in one long task.
  const gamesData = useDeferredValue(games.data);
  const gamesLoading = useDeferredValue(games.isPending);
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero__inner">
          {onBreak ? (
            // No promotion to a player on a break (docs/decisions/025): the hero says when it ends instead.
            <div className="hero__copy" data-testid="hero-break">
              <h1 id="hero-heading" className="hero__title">
                You are taking a break
              </h1>
              <p className="hero__lead">{describeBreak(onBreak)} Results and your account stay open.</p>
              <div className="hero__actions">
                <Link className="button button--outline-light button--large" to={paths.responsibleGaming.getHref()}>
                  Where to find support
                </Link>
              </div>
            </div>
          ) : (
            <div className="hero__copy">
              <p className="hero__eyebrow">5/90 lotto · made in Nigeria</p>
              <h1 id="hero-heading" className="hero__title">
                Play Nigeria&apos;s favourite 5/90 lotto — <span className="hero__highlight">provably fair</span>
              </h1>
              <p className="hero__lead">
                Pick your numbers, stake from ₦50 and watch every draw. Anyone can check that each result was fair.
              </p>
              <div className="hero__actions">
                {role === 'user' ? (
                  <Link className="button button--accent button--large" to={paths.games.getHref()}>
                    See the games
                  </Link>
                ) : (
                  <button type="button" className="button button--accent button--large" onClick={openSignup}>
                    Sign up
                  </button>
                )}
                <Link className="button button--outline-light button--large" to={paths.howToPlay.getHref()}>
                  How to play
                </Link>
              </div>
            </div>
          )}
          <div className="hero__live">
            <ReconnectingNotice />
            {onBreak ? null : <NextDrawPanel games={gamesData} loading={gamesLoading} />}
          </div>
        </div>
      </section>

      {onBreak ? null : (
        <section className="container section" aria-labelledby="games-heading">
          <div className="section__head">
            <h2 id="games-heading" className="section__title">
              Games
            </h2>
            <Link to={paths.games.getHref()}>All games</Link>
          </div>
          <GamesList
            games={gamesData}
            loading={gamesLoading}
            failed={games.isError}
            onRetry={() => void games.refetch()}
          />
        </section>
      )}

      <section className="container section section--flush-top" aria-labelledby="results-heading">
        <h2 id="results-heading" className="section__title">
          Latest results
        </h2>
        <LatestResults />
      </section>

      {onBreak ? null : (
        <section className="container section" aria-labelledby="how-heading">
          <h2 id="how-heading" className="section__title">
            How it works
          </h2>
          <ol className="steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="step">
                <span className="ball ball--step" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className="step__title">{step.title}</h3>
                  <p className="step__text">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="section section--tint" aria-labelledby="fair-heading">
        <div className="container fair">
          <div className="fair__icon" aria-hidden="true">
            ✓
          </div>
          <div>
            <h2 id="fair-heading" className="section__title">
              Provably fair, every draw
            </h2>
            <p>
              When a draw opens we publish a sealed fingerprint of its secret seed. When sales close we publish a
              fingerprint of every ticket sold. After the draw we reveal the seed, so anyone can work out the five
              balls again and see they match. Nobody — not even us — can change a result once you have bought your
              ticket.
            </p>
            <p>
              <Link to={paths.lotteryRules.getHref()}>Read the lottery rules</Link>
            </p>
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="rg-heading">
        <div className="rg-note">
          <AgeBadge />
          <div>
            <h2 id="rg-heading" className="rg-note__title">
              Play responsibly
            </h2>
            <p>
              Lotto is entertainment, not a way to make money. Only stake what you can afford to lose. You can set
              deposit limits, take a time-out or exclude yourself at any time.
            </p>
            <p>
              <Link to={paths.responsibleGaming.getHref()}>Responsible gaming and where to get help</Link>
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
