import { useTranslation } from 'react-i18next';
import { transactionTypes } from '../../../contract/records.ts';
import { useRecordsFlows } from '../records-flows.ts';
import { RecordsView } from './records-view.tsx';

/** Account record (transactionHistory): every journal entry of the member. */
export default function TransactionHistoryPage() {
  const { t } = useTranslation('records');
  return (
    <RecordsView
      flow={useRecordsFlows().transactionHistory}
      types={transactionTypes}
      title={t('transactionHistory.title')}
      emptyText={t('transactionHistory.empty')}
      testId="page-transactionHistory"
    />
  );
}
