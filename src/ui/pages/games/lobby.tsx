import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { constants } from '../../../contract/constants.ts';
import type { VendorType } from '../../../contract/games.ts';
import type { GameCategory } from '../../../contract/routes.ts';
import type { GameVendorLanes, Vendor } from '../../../contract/system.ts';
import {
  carouselVisible,
  gameListTabs,
  minBetOptions,
  type GameListTab,
  type MinBetOption,
} from '../../../machines/game-list.machine.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { lanesOf } from '../shared/games.ts';
import { vendorLogo } from '../shared/vendor-card.tsx';
import { EmptyState, FailedState, LoadingState } from '../shared/remote-state.tsx';
import { GameCard } from './game-card.tsx';
import { useGamesFlows } from './games-flows.ts';
import '../shared/pages.css';
import './games.css';
import { LazyImage } from '../../components/lazy-image.tsx';

/** Tabs that need a session: a visitor does not see them. */
const memberTabs: readonly GameListTab[] = ['fav', 'recent'];

type Props = {
  /** The category of the route, e.g. LIVE for /live. */
  category: GameCategory;
  /** The lanes shown: the category's own, plus LOTT on /elott. */
  lanes: readonly GameCategory[];
};

/** The tab of a ?page= value (anything else is all). */
export function tabOf(value: string | null): GameListTab {
  return (gameListTabs as readonly string[]).includes(value ?? '') ? (value as GameListTab) : 'all';
}

/**
 * A bingo type appears only when the TY language is among the site's languages (spec section
 * 2); every other type as the catalog gives it.
 */
export function visibleClassify(
  classify: readonly string[],
  languages: readonly string[],
): string[] {
  const ty = languages.some((language) => language.toLowerCase() === 'ty');
  return [...new Set(classify)].filter((item) => ty || !/bingo/i.test(item));
}

/**
 * The classify filter and the chosen vendor's state: with a vendor whose GCSGAME_getVassGameType
 * answer is read, its own classifies and maintenance; else the category lanes' classifies.
 */
export function lobbyFilters(
  laneClassify: readonly string[],
  vendor: VendorType | null,
  languages: readonly string[],
): { classify: string[]; maintenance: boolean } {
  return {
    classify: visibleClassify(vendor ? vendor.gameClassify : laneClassify, languages),
    maintenance: vendor?.maintenance ?? false,
  };
}

/**
 * A category's lobby: tabs (?page=), the vendor carousel (?vassalage=), classify, name search,
 * minimum bet, the games 15 a page with paging, and a star and play button on each game.
 */
export function Lobby({ category, lanes }: Props) {
  const session = useSession();
  const member = useSelector(session, (s) => s.matches('member'));
  // A new session (log in or out) starts the list again, with the tabs it may see.
  return <LobbyView key={member ? 'member' : 'visitor'} {...{ category, lanes, member }} />;
}

function LobbyView({ category, lanes, member }: Props & { member: boolean }) {
  const { t } = useTranslation('pages');
  const shell = useSiteShellFlows();
  const vendorsView = useRemoteData<GameVendorLanes>(shell.vendors);
  const languages = useSelector(shell.preferences, (s) => s.context.languages);
  const [params] = useSearchParams();
  const tab = tabOf(params.get('page'));
  const vassalage = params.get('vassalage');
  const name = t(`categories.${category}.name`);

  const flows = useGamesFlows();
  // The chosen vendor's classifies and maintenance (one read per vendor chosen).
  const vendorRef = useActorRef(flows.vendorType, {
    input: { params: { vassalage: vassalage ?? '' } },
  });
  const vendorView = useRemoteData<VendorType | null>(vendorRef);
  const vendorType =
    vassalage && vendorView.data?.vassalage === vassalage.toUpperCase() ? vendorView.data : null;

  const shown = lanesOf(vendorsView.data, lanes);
  const vendors = shown.flatMap((lane) => lane.cards);
  const { classify, maintenance } = lobbyFilters(
    shown.flatMap((lane) => lane.gameClassify),
    vendorType,
    languages,
  );

  const ref = useActorRef(flows.gameList, {
    input: { gameType: category, tab, vassalage, vendorCount: vendors.length },
  });
  const state = useSelector(ref, (s) => s);
  const context = state.context;

  // The route's query drives the tab and the vendor.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.send({ type: 'app.paramsChanged', tab, vassalage });
  }, [ref, tab, vassalage]);
  const firstVendor = useRef(true);
  useEffect(() => {
    if (firstVendor.current) {
      firstVendor.current = false;
      return;
    }
    vendorRef.send({ type: 'app.paramsChanged', params: { vassalage: vassalage ?? '' } });
  }, [vendorRef, vassalage]);
  useEffect(() => {
    ref.send({ type: 'app.vendorsChanged', count: vendors.length });
  }, [ref, vendors.length]);

  const query = (next: { page?: GameListTab; vassalage?: string | null }) => {
    const search = new URLSearchParams();
    const page = next.page ?? tab;
    const vendor = next.vassalage === undefined ? vassalage : next.vassalage;
    if (page !== 'all') search.set('page', page);
    if (vendor) search.set('vassalage', vendor);
    const text = search.toString();
    return text ? `?${text}` : '?';
  };

  const searchId = useId();
  const classifyId = useId();
  const minBetId = useId();
  const listId = useId();
  const tabs = gameListTabs.filter((key) => member || !memberTabs.includes(key));
  const selected = vendors.find((vendor) => vendor.vassalage === vassalage);

  return (
    <div className={`pg pg-lobby pg-lobby--${category.toLowerCase()}`} data-testid="page-lobby">
      <div className="pg-intro">
        <h1>{name}</h1>
        <p className="pg-muted">{t(`categories.${category}.blurb`)}</p>
      </div>

      <nav className="lobby-tabs" aria-label={t('games.tabsLabel')}>
        <ul className="pg-chips">
          {tabs.map((key) => (
            <li key={key}>
              <Link
                className="pg-chip"
                to={{ search: query({ page: key }) }}
                aria-current={context.tab === key ? 'page' : undefined}
                data-testid={`lobby-tab-${key}`}
              >
                {t(`games.tabs.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {vendorsView.status === 'loading' && (
        <div className="lobby-carousel lobby-carousel--placeholder" aria-hidden="true" />
      )}
      {vendors.length > 0 && (
        <VendorCarousel
          vendors={vendors}
          start={context.carouselStart}
          selected={vassalage}
          linkOf={(vendor) =>
            query({ vassalage: vendor.vassalage === vassalage ? null : vendor.vassalage })
          }
          onPrev={() => ref.send({ type: 'user.carouselPrev' })}
          onNext={() => ref.send({ type: 'user.carouselNext' })}
          canPrev={state.can({ type: 'user.carouselPrev' })}
          canNext={state.can({ type: 'user.carouselNext' })}
        />
      )}

      <section className="lobby-filters" aria-label={t('games.filters')}>
        <div className="lobby-field lobby-field--search">
          <label htmlFor={searchId}>{t('games.search')}</label>
          <input
            id={searchId}
            className="pg-input"
            type="search"
            value={context.gameName}
            placeholder={t('games.searchPlaceholder')}
            aria-controls={listId}
            data-testid="game-search"
            onChange={(event) => ref.send({ type: 'user.typeName', gameName: event.target.value })}
          />
        </div>
        {classify.length > 0 && (
          <div className="lobby-field">
            <label htmlFor={classifyId}>{t('games.classify')}</label>
            <select
              id={classifyId}
              className="pg-input"
              value={context.gameClassify ?? ''}
              onChange={(event) =>
                ref.send({
                  type: 'user.selectClassify',
                  gameClassify: event.target.value || null,
                })
              }
            >
              <option value="">{t('games.allTypes')}</option>
              {classify.map((item) => (
                <option key={item} value={item}>
                  {t(`games.types.${item}`, { defaultValue: item })}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="lobby-field">
          <label htmlFor={minBetId}>{t('games.minBet')}</label>
          <select
            id={minBetId}
            className="pg-input"
            value={context.minBet}
            onChange={(event) =>
              ref.send({ type: 'user.selectMinBet', minBet: event.target.value as MinBetOption })
            }
          >
            {minBetOptions.map((option) => (
              <option key={option} value={option}>
                {option === 'all' ? t('games.anyBet') : option}
              </option>
            ))}
          </select>
        </div>
      </section>

      <section className="pg-section" aria-labelledby={`${listId}-title`} id={listId}>
        <h2 id={`${listId}-title`}>
          {(selected ?? vendorType)?.displayName ?? t(`games.listTitle.${context.tab}`)}
        </h2>
        {context.notice === 'favourite_failed' && (
          <p className="pg-card lobby-notice" role="alert">
            {t('games.favouriteFailed')}
          </p>
        )}
        {maintenance && vendorType ? (
          <div data-testid="vendor-maintenance">
            <EmptyState text={t('games.vendorMaintenance', { vendor: vendorType.displayName })} />
          </div>
        ) : state.matches('loading') || state.matches('debouncing') ? (
          <div className="lobby-loading" data-testid="game-list-loading">
            <LoadingState />
            <GridPlaceholder
              count={context.games.length || constants.pageSize}
              pager={context.games.length === 0 || context.totalPages > 1}
            />
          </div>
        ) : state.matches('failed') ? (
          <FailedState onRetry={() => ref.send({ type: 'user.retry' })} />
        ) : state.matches('empty') ? (
          <div data-testid="game-list-empty">
            <EmptyState
              text={
                context.gameName
                  ? t('games.noMatch', { name: context.gameName.trim() })
                  : t('games.noGames', { category: name })
              }
            />
          </div>
        ) : null}
        {state.matches('ready') && !maintenance && (
          <>
            <ul className="game-grid" data-testid="game-list">
              {context.games.map((game) => (
                <li key={game.nodeId}>
                  <GameCard
                    game={game}
                    favourite={context.favourites.includes(game.nodeId)}
                    showStar
                    busy={
                      state.matches({ ready: 'savingFavourite' }) &&
                      context.pending?.game.nodeId === game.nodeId
                    }
                    onToggleFavourite={() => ref.send({ type: 'user.toggleFavourite', game })}
                    onLaunch={() => ref.send({ type: 'user.launch', game })}
                  />
                </li>
              ))}
            </ul>
            <GamePager
              pageNo={context.pageNo}
              totalPages={context.totalPages}
              send={(type) => ref.send({ type })}
            />
          </>
        )}
      </section>
    </div>
  );
}

/**
 * Blank cards where the games will be, while they load: the page keeps the height it will have,
 * so what lies below (the pager, the footer) does not jump when they arrive, under a reader's
 * eye or a finger about to tap.
 */
function GridPlaceholder({ count, pager }: { count: number; pager: boolean }) {
  return (
    <div aria-hidden="true">
      <ul className="game-grid">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="game-card game-card--placeholder">
            <span className="game-card__play" />
            <span className="game-card__info">
              <span className="game-card__name">
                <span className="game-card__line" />
              </span>
              <span className="game-card__vendor">
                <span className="game-card__line game-card__line--short" />
              </span>
              <span className="game-card__bet">
                <span className="game-card__line game-card__line--short" />
              </span>
            </span>
          </li>
        ))}
      </ul>
      {pager && <div className="lobby-pager lobby-pager--placeholder" />}
    </div>
  );
}

function VendorCarousel({
  vendors,
  start,
  selected,
  linkOf,
  onPrev,
  onNext,
  canPrev,
  canNext,
}: {
  vendors: Vendor[];
  start: number;
  selected: string | null;
  linkOf: (vendor: Vendor) => string;
  onPrev: () => void;
  onNext: () => void;
  canPrev: boolean;
  canNext: boolean;
}) {
  const { t } = useTranslation('pages');
  const arrows = vendors.length > carouselVisible;
  const visible = arrows ? vendors.slice(start, start + carouselVisible) : vendors;
  return (
    <section className="lobby-carousel" aria-label={t('games.vendors')}>
      {arrows && (
        <button
          type="button"
          className="lobby-carousel__arrow"
          onClick={onPrev}
          disabled={!canPrev}
          aria-label={t('games.previousVendors')}
        >
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <ul className="lobby-carousel__list">
        {visible.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link
              className="lobby-vendor"
              to={{ search: linkOf(vendor) }}
              aria-current={selected === vendor.vassalage ? 'true' : undefined}
              data-testid="lobby-vendor"
            >
              <LazyImage src={vendorLogo(vendor)} alt="" width="48" height="48" />
              <span>{vendor.displayName}</span>
            </Link>
          </li>
        ))}
      </ul>
      {arrows && (
        <button
          type="button"
          className="lobby-carousel__arrow"
          onClick={onNext}
          disabled={!canNext}
          aria-label={t('games.nextVendors')}
        >
          <span aria-hidden="true">›</span>
        </button>
      )}
    </section>
  );
}

type PageEvent = 'user.firstPage' | 'user.prevPage' | 'user.nextPage' | 'user.lastPage';

function GamePager({
  pageNo,
  totalPages,
  send,
}: {
  pageNo: number;
  totalPages: number;
  send: (type: PageEvent) => void;
}) {
  const { t } = useTranslation('pages');
  if (totalPages <= 1) return null;
  const buttons: Array<[PageEvent, string, boolean]> = [
    ['user.firstPage', t('games.pager.first'), pageNo <= 1],
    ['user.prevPage', t('games.pager.prev'), pageNo <= 1],
    ['user.nextPage', t('games.pager.next'), pageNo >= totalPages],
    ['user.lastPage', t('games.pager.last'), pageNo >= totalPages],
  ];
  return (
    <nav className="lobby-pager" aria-label={t('games.pager.label')}>
      {buttons.slice(0, 2).map(([type, label, disabled]) => (
        <button
          key={type}
          type="button"
          className="pg-btn pg-btn--ghost pg-btn--small"
          disabled={disabled}
          onClick={() => send(type)}
        >
          {label}
        </button>
      ))}
      <span aria-live="polite">{t('games.pager.page', { page: pageNo, pages: totalPages })}</span>
      {buttons.slice(2).map(([type, label, disabled]) => (
        <button
          key={type}
          type="button"
          className="pg-btn pg-btn--ghost pg-btn--small"
          disabled={disabled}
          onClick={() => send(type)}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}
