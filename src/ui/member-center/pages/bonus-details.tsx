import { useTranslation } from 'react-i18next';
import { bonusKinds } from '../../../contract/records.ts';
import { useRecordsFlows } from '../records-flows.ts';
import { RecordsView } from './records-view.tsx';
import { BonusWagering } from './bonus-wagering.tsx';

const types = ['all', ...bonusKinds] as const;

/** Bonus details (bonusDetails): the bonus and rebate entries of the member. */
export default function BonusDetailsPage() {
  const { t } = useTranslation('records');
  return (
    <>
      <BonusWagering />
      <RecordsView
        flow={useRecordsFlows().bonusDetails}
        types={types}
        title={t('bonusDetails.title')}
        emptyText={t('bonusDetails.empty')}
        testId="page-bonusDetails"
      />
    </>
  );
}
