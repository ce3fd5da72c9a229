import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef } from '@xstate/react';
import { gameCategories } from '../../../contract/routes.ts';
import { lotteryCategories } from '../../../contract/games.ts';
import type { GameVendorLanes } from '../../../contract/system.ts';
import type { BetRecordPage, ProfitPage } from '../../../contract/seamless.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { datePresets, type DatePreset } from '../../../contract/date-presets.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { useVendorName } from '../../layout/use-vendor-name.ts';
import { RemoteState } from '../../pages/shared/remote-state.tsx';
import { useGamesFlows } from '../../pages/games/games-flows.ts';
import { useMoney } from '../../components/form/money-field.tsx';
import { Pager, useDateTime } from './records-common.tsx';
import { FilterSelect, PresetChips, RecordsFrame } from './records-filters.tsx';

type Preset = DatePreset | 'custom';
type Filter = {
  gameType: string;
  vassalage: string;
  preset: Preset;
  /** yyyy-mm-dd of the custom range. */
  from: string;
  to: string;
  pageNo: number;
};

const presets: Preset[] = [...datePresets, 'custom'];

/** The query params of a filter: a preset, or the custom days as ISO instants (local day). */
export function paramsOf(filter: Filter): Record<string, string> {
  const params: Record<string, string> = {
    gameType: filter.gameType,
    vassalage: filter.vassalage,
    pageNo: String(filter.pageNo),
  };
  if (filter.preset === 'custom' && filter.from && filter.to) {
    params.startDate = new Date(`${filter.from}T00:00:00`).toISOString();
    params.endDate = new Date(`${filter.to}T23:59:59.999`).toISOString();
  } else {
    params.preset = filter.preset === 'custom' ? 'last7' : filter.preset;
  }
  return params;
}

/**
 * Betting record (personalHistoryCopy) and personal profit and loss (personalProfit): game type,
 * vendor, the 7 / 30 day presets or a date range, 15 a page, totals, empty and error states.
 */
export function BetsView({ kind }: { kind: 'bets' | 'profit' }) {
  const { t } = useTranslation('records');
  const flows = useGamesFlows();
  const vendors = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors).data;
  const [filter, setFilter] = useState<Filter>({
    gameType: 'all',
    vassalage: 'all',
    preset: 'last7',
    from: '',
    to: '',
    pageNo: 1,
  });
  const ref = useActorRef(kind === 'bets' ? flows.bets : flows.profit, {
    input: { params: paramsOf(filter) },
  });
  const view = useRemoteData<BetRecordPage | ProfitPage>(ref);
  const ids = { from: useId(), to: useId() };

  const apply = (next: Filter) => {
    setFilter(next);
    if (next.preset === 'custom' && (!next.from || !next.to || next.from > next.to)) return;
    ref.send({ type: 'app.paramsChanged', params: paramsOf(next) });
  };
  const change = (patch: Partial<Filter>) => apply({ ...filter, ...patch, pageNo: 1 });

  const vendorOptions = (vendors?.lanes ?? [])
    .filter((lane) => filter.gameType === 'all' || lane.title === filter.gameType)
    .flatMap((lane) => lane.cards)
    .filter((card, index, all) => all.findIndex((c) => c.vassalage === card.vassalage) === index);
  const title = kind === 'bets' ? t('bettingRecord.title') : t('personalProfit.title');

  return (
    <RecordsFrame
      testId={kind === 'bets' ? 'page-personalHistoryCopy' : 'page-personalProfit'}
      title={title}
      filters={
        <>
          <FilterSelect
            label={t('bets.gameType')}
            value={filter.gameType}
            options={[
              { value: 'all', label: t('types.all') },
              ...gameCategories.map((type) => ({
                value: type,
                label: t(`bets.categories.${type}`, { defaultValue: type }),
              })),
            ]}
            onChange={(gameType) => change({ gameType, vassalage: 'all' })}
          />
          <FilterSelect
            label={t('bets.vendor')}
            value={filter.vassalage}
            options={[
              { value: 'all', label: t('bets.allVendors') },
              ...vendorOptions.map((vendor) => ({
                value: vendor.vassalage,
                label: vendor.displayName,
              })),
            ]}
            onChange={(vassalage) => change({ vassalage })}
          />
          <PresetChips
            presets={presets}
            value={filter.preset}
            labelOf={(preset) => t(preset === 'custom' ? 'bets.custom' : `presets.${preset}`)}
            onChange={(preset) => change({ preset })}
          />
          {filter.preset === 'custom' && (
            <>
              <div className="rc-field">
                <label htmlFor={ids.from}>{t('bets.from')}</label>
                <input
                  id={ids.from}
                  type="date"
                  className="pg-input"
                  value={filter.from}
                  max={filter.to || undefined}
                  onChange={(event) => change({ from: event.target.value })}
                />
              </div>
              <div className="rc-field">
                <label htmlFor={ids.to}>{t('bets.to')}</label>
                <input
                  id={ids.to}
                  type="date"
                  className="pg-input"
                  value={filter.to}
                  min={filter.from || undefined}
                  onChange={(event) => change({ to: event.target.value })}
                />
              </div>
            </>
          )}
        </>
      }
    >
      <RemoteState
        view={view}
        emptyText={kind === 'bets' ? t('bettingRecord.empty') : t('personalProfit.empty')}
      >
        {(page) =>
          kind === 'bets' ? (
            <BetTable
              page={page as BetRecordPage}
              onPage={(pageNo) => apply({ ...filter, pageNo })}
            />
          ) : (
            <ProfitTable
              page={page as ProfitPage}
              onPage={(pageNo) => apply({ ...filter, pageNo })}
            />
          )
        }
      </RemoteState>
    </RecordsFrame>
  );
}

/** A lottery's round is its draw: the row names it, as the lottery's own pages do. */
const isLottery = (gameType: string) => (lotteryCategories as readonly string[]).includes(gameType);

const signClass = (minor: string) =>
  minor.startsWith('-') ? 'rc-out' : minor === '0' ? '' : 'rc-in';

function BetTable({ page, onPage }: { page: BetRecordPage; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation('records');
  const money = useMoney();
  const dateTime = useDateTime();
  const vendorName = useVendorName();
  if (page.content.length === 0) return <p className="pg-state">{t('bettingRecord.empty')}</p>;
  return (
    <>
      <dl className="rc-totals">
        <div>
          <dt>{t('bets.stake')}</dt>
          <dd data-testid="bets-total-stake">{money(page.totalStake)}</dd>
        </div>
        <div>
          <dt>{t('bets.win')}</dt>
          <dd data-testid="bets-total-win">{money(page.totalWin)}</dd>
        </div>
        <div>
          <dt>{t('bets.validTurnover')}</dt>
          <dd>{money(page.totalValidTurnover)}</dd>
        </div>
      </dl>
      <table className="rc-table" data-testid="bets-table">
        <thead>
          <tr>
            <th scope="col">{t('table.time')}</th>
            <th scope="col">{t('bets.game')}</th>
            <th scope="col">{t('bets.stake')}</th>
            <th scope="col">{t('bets.win')}</th>
            <th scope="col">{t('bets.profit')}</th>
            <th scope="col">{t('bets.status')}</th>
          </tr>
        </thead>
        <tbody>
          {page.content.map((bet) => (
            <tr key={bet.betId} data-testid="bet-row">
              <td data-label={t('table.time')}>
                <time dateTime={bet.placedAt}>{dateTime(bet.placedAt)}</time>
              </td>
              <td data-label={t('bets.game')}>
                <span data-testid="bet-game">{bet.gameName}</span>
                {isLottery(bet.gameType) && (
                  <span data-testid="bet-draw">
                    {' · '}
                    {t('bets.draw', { numero: bet.roundId })}
                  </span>
                )}
                <span className="rc-wallet">
                  {' · '}
                  {vendorName(bet.vassalage)} ·{' '}
                  {t(`bets.categories.${bet.gameType}`, { defaultValue: bet.gameType })}
                </span>
              </td>
              <td data-label={t('bets.stake')}>{money(bet.stake)}</td>
              <td data-label={t('bets.win')}>{money(bet.win)}</td>
              <td data-label={t('bets.profit')} className={signClass(bet.profit)}>
                {money(bet.profit)}
              </td>
              <td data-label={t('bets.status')}>{t(`bets.statuses.${bet.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager pageNo={page.pageNo} totalPages={page.totalPages} onPage={onPage} />
    </>
  );
}

/** A time zone's name in the page's language ("India Standard Time"), or its IANA id. */
function zoneName(timeZone: string, language: string): string {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'long' });
    return (
      parts.formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}

function ProfitTable({ page, onPage }: { page: ProfitPage; onPage: (pageNo: number) => void }) {
  const { t, i18n } = useTranslation('records');
  const money = useMoney();
  // The days are the operator's, which a player abroad would not guess (issue 34).
  const zone = useMemo(
    () => zoneName(page.timeZone, i18n.language),
    [page.timeZone, i18n.language],
  );
  const days = (
    <p className="rc-note" data-testid="profit-days-zone">
      {t('personalProfit.days', { zone, id: page.timeZone })}
    </p>
  );
  if (page.content.length === 0) {
    return (
      <>
        {days}
        <p className="pg-state">{t('personalProfit.empty')}</p>
      </>
    );
  }
  return (
    <>
      {days}
      <dl className="rc-totals">
        <div>
          <dt>{t('bets.stake')}</dt>
          <dd>{money(page.totalStake)}</dd>
        </div>
        <div>
          <dt>{t('bets.win')}</dt>
          <dd>{money(page.totalWin)}</dd>
        </div>
        <div>
          <dt>{t('bets.profit')}</dt>
          <dd className={signClass(page.totalProfit)} data-testid="profit-total">
            {money(page.totalProfit)}
          </dd>
        </div>
      </dl>
      <table className="rc-table" data-testid="profit-table">
        <thead>
          <tr>
            <th scope="col">{t('bets.date')}</th>
            <th scope="col">{t('bets.count')}</th>
            <th scope="col">{t('bets.stake')}</th>
            <th scope="col">{t('bets.validTurnover')}</th>
            <th scope="col">{t('bets.win')}</th>
            <th scope="col">{t('bets.profit')}</th>
          </tr>
        </thead>
        <tbody>
          {page.content.map((row) => (
            <tr key={row.date} data-testid="profit-row">
              <td data-label={t('bets.date')}>{row.date}</td>
              <td data-label={t('bets.count')}>{row.betCount}</td>
              <td data-label={t('bets.stake')}>{money(row.stake)}</td>
              <td data-label={t('bets.validTurnover')}>{money(row.validTurnover)}</td>
              <td data-label={t('bets.win')}>{money(row.win)}</td>
              <td data-label={t('bets.profit')} className={signClass(row.profit)}>
                {money(row.profit)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager pageNo={page.pageNo} totalPages={page.totalPages} onPage={onPage} />
    </>
  );
}
