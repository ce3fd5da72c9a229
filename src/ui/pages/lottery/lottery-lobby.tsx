import type { ReactNode } from 'react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Game } from '../../../contract/games.ts';
import type { GameVendorLanes } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { useGamesFlows } from '../games/games-flows.ts';
import { lobbyGamesOf, useLotteryFlows, type LobbyGame } from './lottery-flows.ts';
import { shortNumero } from '../../../contract/lottery.ts';
import { drawsOn, searchGames, tagsOf, visibleTags, weekdays } from './lottery-logic.ts';
import {
  useLoad,
  useLotteryMember,
  useRemainText,
  useScheduleText,
  useTick,
  type Loaded,
} from './use-lottery.ts';

type Tab = 'all' | 'hot' | 'fav' | 'recent';
const tabs: readonly Tab[] = ['all', 'hot', 'fav', 'recent'];

/** The lobby's refresh actor, paused while the page is out of sight. */
export function useLobbyRefresh() {
  const flows = useLotteryFlows();
  const refresh = useActorRef(flows.lobbyRefresh);
  useEffect(() => {
    const follow = () => refresh.send({ type: document.hidden ? 'app.hidden' : 'app.visible' });
    document.addEventListener('visibilitychange', follow);
    // A draw opened, closed or was drawn: the list's numbers and timers moved on.
    const stop = flows.listen((news) => {
      if (news.name === 'lotteryDraw') refresh.send({ type: 'user.refresh' });
    });
    return () => {
      document.removeEventListener('visibilitychange', follow);
      stop();
    };
  }, [flows, refresh]);
  return refresh;
}

/**
 * The lottery lobby (spec section 2): the menu's tags (arrows when over 7), the weekday filter,
 * search by name, tabs (all, hot, favourites kept per username, recent), each game with its
 * open numero (last 6 digits) and the time left to bet, kept fresh by `lotteryRefreshMachine`.
 */
export function LotteryLobby({ below }: { below?: ReactNode }) {
  const { t, i18n } = useTranslation('lottery');
  const flows = useLotteryFlows();
  const { signedIn, username } = useLotteryMember();
  const refresh = useLobbyRefresh();
  const rawGames = useSelector(refresh, (s) => s.context.games);
  const games = lobbyGamesOf(rawGames);
  const busy = useSelector(refresh, (s) => s.hasTag('busy'));
  const error = useSelector(refresh, (s) => s.context.error);
  const now = useTick();

  const [tag, setTag] = useState<string | null>(null);
  const [day, setDay] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const [saved, setSaved] = useState(0);
  const favourites = useMemo(
    () => (username ? flows.favourites(username) : []),
    // `saved` counts the player's changes: the stored list is read again after each.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [flows, username, saved],
  );
  const recent = useLoad(
    `recent:${username ?? ''}`,
    signedIn && tab === 'recent'
      ? async (signal) => (await flows.calls.recent(signal)).flatMap((m) => m.gameMenus)
      : null,
  );
  // The hot tab's most played lotteries: one read per visit of the tab, once the vendor lanes
  // (the prize mode comes from them) are read or have failed.
  const vendorsStatus = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors).status;
  const popular = useLoad(
    `popular:${i18n.language}`,
    tab === 'hot' && vendorsStatus !== 'loading' ? (signal) => flows.calls.popular(signal) : null,
  );

  const toggleFavourite = (gameId: string) => {
    if (!username) {
      flows.askLogin();
      return;
    }
    const next = favourites.includes(gameId)
      ? favourites.filter((id) => id !== gameId)
      : [...favourites, gameId];
    flows.saveFavourites(username, next);
    setSaved((n) => n + 1);
  };

  const tags = useMemo(() => tagsOf(games), [games]);
  const listed = useMemo(() => {
    let list: readonly LobbyGame[] = games;
    if (tab === 'hot') list = list.filter((game) => game.isHot === 1);
    if (tab === 'fav') list = list.filter((game) => favourites.includes(game.gameId));
    if (tab === 'recent') {
      const ids = new Set((recent.data ?? []).map((game) => game.gameId));
      list = list.filter((game) => ids.has(game.gameId));
    }
    if (tag) list = list.filter((game) => game.gameMenuTag === tag);
    list = list.filter((game) => drawsOn(game, day));
    return searchGames(list, query);
  }, [games, tab, favourites, recent.data, tag, day, query]);

  const searchId = useId();
  const loading = games.length === 0 && (busy || (tab === 'recent' && recent.status === 'loading'));

  return (
    <div className="lot-lobby">
      <div className="pg-card lottery-filters">
        <TagMenu tags={tags} chosen={tag} onChoose={setTag} />
        <div className="lottery-filters__row">
          <div role="tablist" aria-label={t('tabs.label')} className="pg-chips">
            {tabs.map((key) => {
              const needsLogin = (key === 'fav' || key === 'recent') && !signedIn;
              return (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  className="pg-chip"
                  data-testid={`lottery-tab-${key}`}
                  aria-selected={tab === key}
                  aria-disabled={needsLogin || undefined}
                  title={needsLogin ? t('tabs.loginToSee') : undefined}
                  onClick={() => (needsLogin ? flows.askLogin() : setTab(key))}
                >
                  {t(`tabs.${key}`)}
                </button>
              );
            })}
          </div>
          <div className="lottery-search" role="search">
            <label htmlFor={searchId} className="pg-visually-hidden">
              {t('search.label')}
            </label>
            <input
              id={searchId}
              type="search"
              className="pg-input"
              data-testid="lottery-search"
              placeholder={t('search.placeholder')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        <fieldset className="lottery-days">
          <legend>{t('days.legend')}</legend>
          <ul className="pg-chips">
            <li>
              <button
                type="button"
                className="pg-chip"
                aria-pressed={day === null}
                onClick={() => setDay(null)}
              >
                {t('days.all')}
              </button>
            </li>
            {weekdays.map(({ key, value }) => (
              <li key={key}>
                <button
                  type="button"
                  className="pg-chip"
                  data-testid={`lottery-day-${value}`}
                  aria-pressed={day === value}
                  onClick={() => setDay(value)}
                >
                  {t(`days.${key}`)}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>

      <section className="pg-section" aria-labelledby="lottery-games">
        <div className="lot-heading">
          <h2 id="lottery-games">{t('games.title')}</h2>
          <button
            type="button"
            className="pg-btn pg-btn--ghost pg-btn--small"
            onClick={() => refresh.send({ type: 'user.refresh' })}
          >
            {t('games.refresh')}
          </button>
        </div>
        {error && (
          <p className="lot-error" role="alert">
            {t('games.failed')}
          </p>
        )}
        <p className="pg-visually-hidden" role="status" aria-live="polite">
          {loading ? t('games.loading') : t('games.found', { count: listed.length })}
        </p>
        {loading ? (
          <div className="pg-state" aria-hidden="true">
            <span className="pg-spinner" />
            <span>{t('games.loading')}</span>
          </div>
        ) : listed.length === 0 ? (
          <p className="pg-state pg-state--empty" data-testid="lottery-empty">
            {query ? t('games.noMatch', { query }) : t(`games.empty.${tab}`)}
          </p>
        ) : (
          <ul className="lot-games" data-testid="lottery-games">
            {listed.map((game) => {
              const elapsed = Math.max(0, now - game.receivedAt);
              return (
                <li key={game.gameId}>
                  <GameCard
                    game={game}
                    remainMs={game.remainTime - elapsed}
                    opensInMs={
                      game.nextOpenTime === null ? null : Math.max(0, game.nextOpenTime - elapsed)
                    }
                    favourite={favourites.includes(game.gameId)}
                    onFavourite={() => toggleFavourite(game.gameId)}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {/* What follows the games shows once they have: on a phone it would otherwise show first
          and then be pushed down a screen by the cards (issue 35: layout shift 0.6). */}
      {!loading && tab === 'hot' && <PopularGames popular={popular} signedIn={signedIn} />}
      {!loading && below}
    </div>
  );
}

/**
 * The most played lottery games of the site's prize mode (/lgw/games/popular): the catalogue's
 * lottery games, each opened like any catalogue game (a visitor is asked to log in first).
 */
function PopularGames({
  popular,
  signedIn,
}: {
  popular: Loaded<Game[]> & { reload: () => void };
  signedIn: boolean;
}) {
  const { t } = useTranslation('lottery');
  const flows = useLotteryFlows();
  const games = useGamesFlows();
  const list = popular.data ?? [];
  return (
    <section className="pg-section" aria-labelledby="lottery-popular" data-testid="lottery-popular">
      <h2 id="lottery-popular">{t('popular.title')}</h2>
      {popular.status === 'failed' ? (
        <p className="lot-error" role="alert">
          {t('popular.failed')}{' '}
          <button
            type="button"
            className="pg-btn pg-btn--ghost pg-btn--small"
            onClick={popular.reload}
          >
            {t('popular.retry')}
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="pg-state pg-state--empty" role="status">
          {popular.status === 'done' ? t('popular.empty') : t('popular.loading')}
        </p>
      ) : (
        <ol className="lot-games" data-testid="lottery-popular-games">
          {list.map((game) => (
            <li key={game.nodeId}>
              <article
                className="pg-card lot-game"
                data-testid={`lottery-popular-${game.nodeId}`}
                aria-label={game.gameName}
              >
                <h3 className="lot-game__head">{game.gameName}</h3>
                <p className="pg-muted lot-game__remark">
                  {game.displayName}
                  {game.maintenance ? ` · ${t('popular.maintenance')}` : ''}
                </p>
                <button
                  type="button"
                  className="pg-btn pg-btn--primary pg-btn--small"
                  disabled={game.maintenance}
                  aria-label={t('popular.play', { game: game.gameName })}
                  onClick={() => (signedIn ? games.openGame(game) : flows.askLogin())}
                >
                  {t('popular.playShort')}
                </button>
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The menu's tags: all of them, or 7 at a time with arrows when there are more. */
function TagMenu({
  tags,
  chosen,
  onChoose,
}: {
  tags: string[];
  chosen: string | null;
  onChoose: (tag: string | null) => void;
}) {
  const { t } = useTranslation('lottery');
  const [start, setStart] = useState(0);
  const arrows = tags.length > visibleTags;
  const shown = arrows ? tags.slice(start, start + visibleTags) : tags;
  const label = (tag: string) => t(`tags.${tag}`, { defaultValue: tag });
  return (
    <nav aria-label={t('tags.label')} className="lot-tags">
      {arrows && (
        <button
          type="button"
          className="pg-btn pg-btn--ghost pg-btn--small"
          aria-label={t('tags.previous')}
          disabled={start === 0}
          onClick={() => setStart(Math.max(0, start - 1))}
        >
          ‹
        </button>
      )}
      <ul className="pg-chips">
        <li>
          <button
            type="button"
            className="pg-chip"
            aria-pressed={chosen === null}
            onClick={() => onChoose(null)}
          >
            {t('tags.all')}
          </button>
        </li>
        {shown.map((tag) => (
          <li key={tag}>
            <button
              type="button"
              className="pg-chip"
              data-testid={`lottery-tag-${tag}`}
              aria-pressed={chosen === tag}
              onClick={() => onChoose(chosen === tag ? null : tag)}
            >
              {label(tag)}
            </button>
          </li>
        ))}
      </ul>
      {arrows && (
        <button
          type="button"
          className="pg-btn pg-btn--ghost pg-btn--small"
          aria-label={t('tags.next')}
          disabled={start + visibleTags >= tags.length}
          onClick={() => setStart(Math.min(tags.length - visibleTags, start + 1))}
        >
          ›
        </button>
      )}
    </nav>
  );
}

/**
 * A game of the lobby: its name, when it draws (worded from the locale), and its draw: the open
 * one with the time left to bet, or, between a close and the next opening, when that opens. The
 * Bet button is live only while a draw takes bets; the results stay one link away.
 */
function GameCard({
  game,
  remainMs,
  opensInMs,
  favourite,
  onFavourite,
}: {
  game: LobbyGame;
  remainMs: number;
  /** Milliseconds until the next draw opens (0 while one is open), null when none is planned. */
  opensInMs: number | null;
  favourite: boolean;
  onFavourite: () => void;
}) {
  const { t } = useTranslation('lottery');
  const remain = useRemainText();
  const schedule = useScheduleText()(game);
  const titleId = useId();
  // Open while the server's draw has time left; a close the list has not caught up with yet
  // shows as closed at once.
  const open = game.numero !== null && remainMs > 0;
  const search = new URLSearchParams({ view: 'betting', gameId: game.gameId }).toString();
  return (
    <article
      className="pg-card lot-game"
      aria-labelledby={titleId}
      data-testid={`lottery-game-${game.gameId}`}
    >
      <header className="lot-game__head">
        <h3 id={titleId}>{game.gameName}</h3>
        <button
          type="button"
          className="lot-star"
          aria-pressed={favourite}
          aria-label={t(favourite ? 'games.unfavourite' : 'games.favourite', {
            game: game.gameName,
          })}
          data-testid={`lottery-fav-${game.gameId}`}
          onClick={onFavourite}
        >
          <span aria-hidden="true">{favourite ? '★' : '☆'}</span>
        </button>
      </header>
      <p className="pg-muted lot-game__remark" data-testid="lottery-schedule">
        {t(`tags.${game.gameMenuTag}`, { defaultValue: game.gameMenuTag })}
        {schedule ? ` · ${schedule}` : ''}
        {game.isHot === 1 ? (
          <>
            {' '}
            <span className="pg-hot">{t('games.hot')}</span>
          </>
        ) : null}
      </p>
      {open ? (
        <dl className="lot-game__draw">
          <div>
            <dt>{t('games.numero')}</dt>
            <dd data-testid="lottery-numero">{shortNumero(game.numero)}</dd>
          </div>
          <div>
            <dt>{t('games.closesIn')}</dt>
            <dd className="lot-timer" data-testid="lottery-remain">
              {remain(remainMs)}
            </dd>
          </div>
        </dl>
      ) : game.numero !== null ? (
        <p className="pg-muted" data-testid="lottery-closed">
          {t('draw.phase.locked')}
        </p>
      ) : opensInMs !== null ? (
        <dl className="lot-game__draw">
          <div>
            <dt>{t('games.opensIn')}</dt>
            <dd className="lot-timer" data-testid="lottery-opens-in">
              {remain(opensInMs)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="pg-muted">{t('games.noDraw')}</p>
      )}
      <div className="pg-actions lot-game__actions">
        {open ? (
          <Link
            className="pg-btn pg-btn--primary pg-btn--small"
            to={{ search }}
            data-testid={`lottery-bet-${game.gameId}`}
            aria-label={t('games.betOn', { game: game.gameName })}
          >
            {t('games.bet')}
          </Link>
        ) : (
          <>
            <button
              type="button"
              className="pg-btn pg-btn--primary pg-btn--small"
              data-testid={`lottery-bet-${game.gameId}`}
              aria-label={t('games.betOn', { game: game.gameName })}
              disabled
            >
              {t('games.bet')}
            </button>
            <Link
              className="pg-btn pg-btn--ghost pg-btn--small"
              to={{ search }}
              data-testid={`lottery-view-${game.gameId}`}
              aria-label={t('games.resultsOf', { game: game.gameName })}
            >
              {t('games.results')}
            </Link>
          </>
        )}
      </div>
    </article>
  );
}
