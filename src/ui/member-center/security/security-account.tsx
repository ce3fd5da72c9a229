import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { formatDateTime } from '../../../contract/locale.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { Spinner } from '../../components/spinner.tsx';
import { FormSection } from '../../components/form/form-section.tsx';

function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="sc-row">
      <dt className="sc-row__label">{label}</dt>
      <dd className="sc-row__value" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The account's details as member info has them. */
export function AccountDetails() {
  const { t, i18n } = useTranslation('security');
  const member = useSelector(useSession(), (s) => s.context.member);
  if (!member) return <Spinner />;
  const lastLogin = member.lastLoginAt
    ? formatDateTime(member.lastLoginAt, i18n.language)
    : t('account.never');
  return (
    <FormSection title={t('account.title')} testId="security-account">
      <dl className="sc-list">
        <Row label={t('account.account')} value={member.account} testId="security-account-name" />
        <Row label={t('account.nickname')} value={member.nickname} testId="security-nickname" />
        <Row
          label={t('account.memberLabel')}
          testId="security-member-label"
          value={
            <span className="sc-label">
              <span
                className="sc-label__dot"
                style={{ background: member.memberLabel.colour }}
                aria-hidden="true"
              />
              {member.clubLabel.labelName}
            </span>
          }
        />
        <Row label={t('account.lastLogin')} value={lastLogin} testId="security-last-login" />
      </dl>
    </FormSection>
  );
}
