import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef } from '@xstate/react';
import { datePresets, type DatePreset } from '../../../contract/date-presets.ts';
import type { RecordPage } from '../../../contract/records.ts';
import type { remoteDataMachine } from '../../../machines/remote-data.machine.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { RemoteState } from '../../pages/shared/remote-state.tsx';
import { Pager, useDateTime } from './records-common.tsx';
import { FilterSelect, PresetChips, RecordsFrame } from './records-filters.tsx';
import { useMoney } from '../../components/form/money-field.tsx';
import { recordWording } from './record-wording.ts';

/**
 * A record page (account record, bonus details): type filter, the 7 / 30 day presets (last
 * and next), the
 * entries of the range 15 a page with their totals, an empty note, an error with retry.
 */
export function RecordsView({
  flow,
  types,
  title,
  emptyText,
  testId,
}: {
  flow: typeof remoteDataMachine;
  types: readonly string[];
  title: string;
  emptyText: string;
  testId: string;
}) {
  const { t } = useTranslation('records');
  const [filter, setFilter] = useState({ type: 'all', preset: 'last7' as DatePreset, pageNo: 1 });
  const ref = useActorRef(flow, {
    input: { params: { type: 'all', preset: 'last7', pageNo: '1' } },
  });
  const view = useRemoteData<RecordPage>(ref);

  const apply = (next: typeof filter) => {
    setFilter(next);
    ref.send({
      type: 'app.paramsChanged',
      params: { type: next.type, preset: next.preset, pageNo: String(next.pageNo) },
    });
  };

  return (
    <RecordsFrame
      testId={testId}
      title={title}
      filters={
        <>
          <FilterSelect
            label={t('types.label')}
            value={filter.type}
            options={types.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            onChange={(type) => apply({ ...filter, type, pageNo: 1 })}
          />
          <PresetChips
            presets={datePresets}
            value={filter.preset}
            labelOf={(preset) => t(`presets.${preset}`)}
            onChange={(preset) => apply({ ...filter, preset, pageNo: 1 })}
          />
        </>
      }
    >
      <RemoteState view={view} emptyText={emptyText}>
        {(page) => <RecordTable page={page} onPage={(pageNo) => apply({ ...filter, pageNo })} />}
      </RemoteState>
    </RecordsFrame>
  );
}

function RecordTable({ page, onPage }: { page: RecordPage; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation('records');
  const money = useMoney();
  const dateTime = useDateTime();
  return (
    <>
      <dl className="rc-totals">
        <div>
          <dt>{t('table.totalIn')}</dt>
          <dd className="rc-in" data-testid="record-total-in">
            {money(page.totalIn)}
          </dd>
        </div>
        <div>
          <dt>{t('table.totalOut')}</dt>
          <dd className="rc-out" data-testid="record-total-out">
            {money(page.totalOut)}
          </dd>
        </div>
      </dl>
      <table className="rc-table" data-testid="record-table">
        <thead>
          <tr>
            <th scope="col">{t('table.time')}</th>
            <th scope="col">{t('table.type')}</th>
            <th scope="col">{t('table.amount')}</th>
            <th scope="col">{t('table.balance')}</th>
            <th scope="col">{t('table.remark')}</th>
          </tr>
        </thead>
        <tbody>
          {page.content.map((row) => {
            const credit = !row.amount.startsWith('-');
            const { movementKey, detail } = recordWording(row);
            return (
              <tr key={row.entryId} data-testid="record-row">
                <td data-label={t('table.time')}>
                  <time dateTime={row.createdAt}>{dateTime(row.createdAt)}</time>
                </td>
                <td data-label={t('table.type')}>
                  {t(movementKey)}
                  {row.walletName !== null && (
                    <span className="rc-wallet"> · {row.walletName}</span>
                  )}
                </td>
                <td data-label={t('table.amount')} className={credit ? 'rc-in' : 'rc-out'}>
                  {credit ? '+' : ''}
                  {money(row.amount)}
                </td>
                <td data-label={t('table.balance')}>{money(row.balanceAfter)}</td>
                <td data-label={t('table.remark')} className="rc-remark">
                  {detail}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Pager pageNo={page.pageNo} totalPages={page.totalPages} onPage={onPage} />
    </>
  );
}
