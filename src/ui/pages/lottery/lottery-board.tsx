import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameVendorLanes, Vendor } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { lanesOf } from '../shared/games.ts';
import { LoginCallToAction } from '../shared/login-cta.tsx';
import { RemoteState } from '../shared/remote-state.tsx';
import { VendorCard } from '../shared/vendor-card.tsx';
import '../shared/pages.css';
import './lottery.css';

/** Weekday filter values of the spec: Monday to Saturday 2..7, Sunday 1. */
export const weekdays = [
  { key: 'mon', value: 2 },
  { key: 'tue', value: 3 },
  { key: 'wed', value: 4 },
  { key: 'thu', value: 5 },
  { key: 'fri', value: 6 },
  { key: 'sat', value: 7 },
  { key: 'sun', value: 1 },
] as const;

/** Vendors whose name or code contains the query. */
export function filterVendors(vendors: readonly Vendor[], query: string): Vendor[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [...vendors];
  return vendors.filter(
    (v) => v.displayName.toLocaleLowerCase().includes(q) || v.vassalage.toLowerCase().includes(q),
  );
}

type Props = {
  title: string;
  intro: string;
  /** Vendors listed first, e.g. TCG_LOTTO_VN on /vnlottery. */
  first?: string;
  /** A vendor chosen by the URL (?vendor=). */
  initialVendor?: string | null;
};

/** Lottery vendors (ELOTT/LOTT lanes) with weekday chips, search, tabs and the bet CTA. */
export function LotteryBoard({ title, intro, first, initialVendor = null }: Props) {
  const { t } = useTranslation('pages');
  const view = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors);
  const [day, setDay] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(initialVendor);
  const searchId = useId();
  const dayName = weekdays.find((d) => d.value === day)?.key;

  return (
    <div className="pg-lottery-board">
      <div className="pg-intro">
        <h1>{title}</h1>
        <p className="pg-muted">{intro}</p>
      </div>

      <div className="pg-card lottery-filters">
        <div className="lottery-filters__row">
          <nav aria-label={t('games.tabsLabel')}>
            <ul className="pg-chips">
              <li>
                <span className="pg-chip" aria-current="page">
                  {t('games.tabs.hot')}
                </span>
              </li>
              {(['fav', 'recent'] as const).map((key) => (
                <li key={key}>
                  <span className="pg-chip" aria-disabled="true" title={t('games.loginToSee')}>
                    {t(`games.tabs.${key}`)}
                  </span>
                </li>
              ))}
            </ul>
          </nav>
          <div className="lottery-search" role="search">
            <label htmlFor={searchId} className="pg-visually-hidden">
              {t('lottery.searchLabel')}
            </label>
            <input
              id={searchId}
              type="search"
              className="pg-input"
              placeholder={t('lottery.searchPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        <fieldset className="lottery-days">
          <legend>{t('lottery.drawDay')}</legend>
          <ul className="pg-chips">
            <li>
              <button
                type="button"
                className="pg-chip"
                aria-pressed={day === null}
                onClick={() => setDay(null)}
              >
                {t('lottery.days.all')}
              </button>
            </li>
            {weekdays.map(({ key, value }) => (
              <li key={key}>
                <button
                  type="button"
                  className="pg-chip"
                  aria-pressed={day === value}
                  onClick={() => setDay(value)}
                >
                  {t(`lottery.days.${key}`)}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
        <p className="pg-muted lottery-hint" role="status">
          {dayName
            ? t('lottery.dayHint', { day: t(`lottery.days.${dayName}`) })
            : t('lottery.allDaysHint')}
        </p>
      </div>

      <RemoteState view={view} emptyText={t('lottery.noVendors')}>
        {(data) => {
          const vendors = lanesOf(data, ['ELOTT', 'LOTT']).flatMap((lane) => lane.cards);
          const ordered = first
            ? [
                ...vendors.filter((v) => v.vassalage === first),
                ...vendors.filter((v) => v.vassalage !== first),
              ]
            : vendors;
          const listed = filterVendors(ordered, query);
          const selected = vendors.find((v) => v.vassalage === chosen);
          if (vendors.length === 0) return <p className="pg-state">{t('lottery.noVendors')}</p>;
          return (
            <section className="pg-section" aria-labelledby="lottery-vendors">
              <h2 id="lottery-vendors">{t('lottery.vendors')}</h2>
              <p className="pg-visually-hidden" role="status" aria-live="polite">
                {t('lottery.found', { count: listed.length })}
              </p>
              {listed.length === 0 ? (
                <p className="pg-state">{t('lottery.noMatch', { query })}</p>
              ) : (
                <ul className="pg-vendors">
                  {listed.map((vendor) => (
                    <li key={vendor.vassalage}>
                      <VendorCard
                        vendor={vendor}
                        wrap={(content) => (
                          <button
                            type="button"
                            aria-pressed={chosen === vendor.vassalage}
                            onClick={() =>
                              setChosen(chosen === vendor.vassalage ? null : vendor.vassalage)
                            }
                          >
                            {content}
                          </button>
                        )}
                      />
                    </li>
                  ))}
                </ul>
              )}
              {selected && (
                <p className="pg-card lobby-selected" role="status">
                  {t('lottery.vendorSelected', { vendor: selected.displayName })}
                </p>
              )}
            </section>
          );
        }}
      </RemoteState>

      <LoginCallToAction title={t('lottery.ctaTitle')} text={t('lottery.ctaText')} />
    </div>
  );
}
