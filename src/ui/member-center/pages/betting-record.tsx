import { useTranslation } from 'react-i18next';
import { useRecordsFlows } from '../records-flows.ts';
import { RecordsView } from './records-view.tsx';

/** Betting record (personalHistoryCopy): the member's bets and their wins, by date range. */
export default function BettingRecordPage() {
  const { t } = useTranslation('records');
  return (
    <RecordsView
      flow={useRecordsFlows().bettingRecord}
      types={['game']}
      title={t('bettingRecord.title')}
      emptyText={t('bettingRecord.empty')}
      testId="page-personalHistoryCopy"
    />
  );
}
