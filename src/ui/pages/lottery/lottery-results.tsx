import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  shortNumero,
  type BetView,
  type DrawView,
  type LotteryGame,
} from '../../../contract/lottery.ts';
import { slotsOf, verifyDraw, type PrizeName } from '../../../contract/lottery-draw.ts';
import { useFormat } from '../../hooks/use-format.ts';
import type { Loaded } from './use-lottery.ts';

/** A draw's numbers grouped by prize, special prize first. */
export function prizesOf(draw: Pick<DrawView, 'layout' | 'numbers'>) {
  const groups: { prize: PrizeName; numbers: string[] }[] = [];
  slotsOf(draw.layout).forEach((slot, index) => {
    const number = draw.numbers?.[index];
    if (number === undefined) return;
    const last = groups.at(-1);
    if (last?.prize === slot.prize) last.numbers.push(number);
    else groups.push({ prize: slot.prize, numbers: [number] });
  });
  return groups;
}

/** The result board: the game's past draws with their prize layout and the verifier. */
export function ResultBoard({ game, draws }: { game: LotteryGame; draws: Loaded<DrawView[]> }) {
  const { t } = useTranslation('lottery');
  const list = (draws.data ?? []).filter(
    (draw) => draw.numbers !== null || draw.state === 'cancelled',
  );
  return (
    <section className="pg-section lot-results" aria-labelledby="lot-results-title">
      <h2 id="lot-results-title">{t('results.title', { game: game.gameName })}</h2>
      {draws.status === 'failed' && (
        <p className="lot-error" role="alert">
          {t('results.failed')}
        </p>
      )}
      {draws.data === null ? (
        <div className="pg-state" role="status">
          <span className="pg-spinner" aria-hidden="true" />
          <span>{t('games.loading')}</span>
        </div>
      ) : list.length === 0 ? (
        <p className="pg-state pg-state--empty" role="status">
          {t('results.empty')}
        </p>
      ) : (
        <ol className="lot-results__list" data-testid="lottery-results">
          {list.map((draw) => (
            <li key={`${draw.numero}:${draw.revision}`}>
              <DrawResult draw={draw} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function DrawResult({ draw }: { draw: DrawView }) {
  const { t } = useTranslation('lottery');
  const { dateTime } = useFormat();
  const [check, setCheck] = useState<{ seedMatches: boolean; numbersMatch: boolean } | null>(null);
  const verifiable = draw.seed !== null && draw.seedHash !== null && draw.numbers !== null;
  return (
    <article
      className="pg-card lot-result"
      aria-label={t('results.drawLabel', { numero: shortNumero(draw.numero) })}
    >
      <header className="lot-result__head">
        <h3>
          {t('results.numero')} <span className="lot-numero">{shortNumero(draw.numero)}</span>
        </h3>
        <span className="pg-muted">{dateTime(draw.winningTime)}</span>
      </header>
      {draw.state === 'cancelled' ? (
        <p>{t('results.cancelled')}</p>
      ) : (
        <table className="lot-prizes">
          <caption className="pg-visually-hidden">
            {t('results.caption', { numero: shortNumero(draw.numero) })}
          </caption>
          <tbody>
            {prizesOf(draw).map(({ prize, numbers }) => (
              <tr key={prize} className={prize === 'special' ? 'lot-prizes__special' : undefined}>
                <th scope="row">{t(`prizes.${prize}`)}</th>
                <td>{numbers.join(' · ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {verifiable ? (
        <div className="lot-verify">
          <button
            type="button"
            className="pg-btn pg-btn--outline pg-btn--small"
            data-testid="lottery-verify"
            onClick={() =>
              setCheck(
                verifyDraw({
                  seed: draw.seed!,
                  seedHash: draw.seedHash!,
                  gameId: draw.gameId,
                  numero: draw.numero,
                  layout: draw.layout,
                  numbers: draw.numbers!,
                }),
              )
            }
          >
            {t('verify.button')}
          </button>
          {check && (
            <p
              role="status"
              data-testid="lottery-verified"
              className={check.seedMatches && check.numbersMatch ? 'lot-ok' : 'lot-error'}
            >
              {check.seedMatches ? t('verify.seedOk') : t('verify.seedBad')}{' '}
              {check.numbersMatch ? t('verify.numbersOk') : t('verify.numbersBad')}
            </p>
          )}
          <details>
            <summary>{t('verify.details')}</summary>
            <dl className="lot-verify__data">
              <dt>{t('verify.hash')}</dt>
              <dd>
                <code>{draw.seedHash}</code>
              </dd>
              <dt>{t('verify.seed')}</dt>
              <dd>
                <code>{draw.seed}</code>
              </dd>
            </dl>
          </details>
        </div>
      ) : draw.source && draw.source !== 'rng' ? (
        <p className="pg-muted">{t(`results.source.${draw.source}`)}</p>
      ) : null}
    </article>
  );
}

/** The member's own bets on the game: outcome, win, and which prize and number hit. */
export function MyBets({
  bets,
}: {
  bets: Loaded<{ list: BetView[]; totalPages: number; pageNo: number }>;
}) {
  const { t } = useTranslation('lottery');
  const { money } = useFormat();
  const list = bets.data?.list ?? [];
  return (
    // Not a landmark itself: the scrolling table below is the region named by the heading.
    <section className="pg-section lot-my-bets">
      <h2 id="lot-my-bets-title">{t('myBets.title')}</h2>
      {bets.status === 'failed' && (
        <p className="lot-error" role="alert">
          {bets.error}
        </p>
      )}
      {bets.data === null ? (
        <div className="pg-state" role="status">
          <span className="pg-spinner" aria-hidden="true" />
          <span>{t('games.loading')}</span>
        </div>
      ) : list.length === 0 ? (
        <p className="pg-state pg-state--empty" role="status">
          {t('myBets.empty')}
        </p>
      ) : (
        <div
          className="lot-table-wrap"
          tabIndex={0}
          role="region"
          aria-labelledby="lot-my-bets-title"
        >
          <table className="lot-bets" data-testid="lottery-my-bets">
            <thead>
              <tr>
                <th scope="col">{t('myBets.numero')}</th>
                <th scope="col">{t('myBets.bet')}</th>
                <th scope="col">{t('myBets.stake')}</th>
                <th scope="col">{t('myBets.state')}</th>
                <th scope="col">{t('myBets.win')}</th>
                <th scope="col">{t('myBets.hits')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((bet) => (
                <tr key={bet.betId} data-state={bet.state}>
                  <td className="lot-numero">{shortNumero(bet.numero)}</td>
                  <td>
                    {t(`betTypes.${bet.betType}`)} {bet.selection}
                  </td>
                  <td>{money(bet.stake)}</td>
                  <td>
                    <span className={`lot-state lot-state--${bet.state}`}>
                      {t(`betStates.${bet.state}`)}
                    </span>
                  </td>
                  <td>{bet.state === 'won' ? money(bet.winAmount) : '—'}</td>
                  <td>
                    {bet.hits.length === 0
                      ? '—'
                      : bet.hits
                          .map((hit) =>
                            t('myBets.hit', {
                              prize: t(`prizes.${hit.prize}`),
                              number: hit.number,
                            }),
                          )
                          .join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
