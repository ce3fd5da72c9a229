import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../hooks/use-dismiss.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { agentCenterQueryKey, defaultAgentCenterPage } from '../../contract/agent.ts';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { constants } from '../../contract/constants.ts';
import { moduleIds } from '../../contract/system.ts';
import { useModuleEnabled } from '../hooks/use-permission.ts';
import type { MemberCenterPageKey } from '../../contract/member-center.ts';
import { Modal } from '../modals/modal.tsx';
import { useMemberCenterFlows } from '../member-center/member-center-flows.ts';
import { useIdentityFlows } from '../identity/identity-flows.ts';
import { prefetchIdentityForm } from '../identity/identity-forms.ts';
import { MemberCenter } from '../member-center/member-center-popup.tsx';
import { HeaderBalance } from './header-balance.tsx';
import { HeaderPoints } from './header-points.tsx';
import { NotificationBell, NotificationToasts } from './header-notifications.tsx';

/** Dropdown entries that open the member center, each on its page (none: the default). */
const memberCenterEntries: readonly {
  id: string;
  label: string;
  page?: MemberCenterPageKey;
}[] = [
  { id: 'menu-betting-record', label: 'dropdown.bettingRecord', page: 'personalHistoryCopy' },
  { id: 'menu-deposit', label: 'dropdown.deposit', page: 'depositv2' },
  { id: 'menu-withdrawal', label: 'dropdown.withdrawal', page: 'withdraw' },
  { id: 'menu-account-record', label: 'dropdown.accountRecord', page: 'transactionHistory' },
  { id: 'menu-member-center', label: 'dropdown.memberCenter' },
];

/** The agent center overlay comes with its first opening (`?ac=`), agents only. */
const AgentCenter = lazy(() => import('../pages/agent/agent-center.tsx'));

/** The member's account area: balance, bell, the account menu and the member center. */
export default function AccountArea() {
  const { t } = useTranslation('identity');
  const { t: tm } = useTranslation('member-center');
  const identity = useIdentityFlows();
  const memberCenter = useMemberCenterFlows();
  const member = useSelector(identity.session, (s) => s.context.member);
  const isAgent = useSelector(identity.session, (s) => s.context.isAgent);
  const isTrial = useSelector(identity.session, (s) => s.context.isTrial);
  const agentEnabled = useModuleEnabled(moduleIds.agent);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const signOut = useActorRef(identity.signOut);
  const confirming = useSelector(signOut, (s) => s.matches('confirming'));
  const signingOut = useSelector(signOut, (s) => s.hasTag('busy'));
  const [params] = useSearchParams();
  const agentCenterOpen = isAgent && agentEnabled && params.has(agentCenterQueryKey);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  const account = member?.account ?? '';
  const labelColour = member?.memberLabel.colour ?? constants.memberLabelColour;
  const openMemberCenter = (page?: MemberCenterPageKey) => {
    setOpen(false);
    memberCenter.memberCenter.send(page ? { type: 'user.open', page } : { type: 'user.open' });
  };
  return (
    <>
      <HeaderBalance>
        <HeaderPoints />
      </HeaderBalance>
      <NotificationBell onOpenMessages={() => openMemberCenter('messageV2')} />
      <div className="account-area" data-testid="header-account" ref={ref}>
        <button
          type="button"
          className="account-area__button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="account-area__name" data-testid="header-account-name">
            {account || t('header.member')}
          </span>
          {member && (
            <span
              className="account-area__label"
              style={{ borderColor: labelColour }}
              data-testid="header-member-label"
            >
              {member.clubLabel.labelName}
            </span>
          )}
        </button>
        {open && (
          <ul id={menuId} className="account-menu">
            {memberCenterEntries.map((entry) => (
              <li key={entry.id}>
                <button
                  type="button"
                  onClick={() => openMemberCenter(entry.page)}
                  data-testid={entry.id}
                >
                  {tm(entry.label)}
                </button>
              </li>
            ))}
            {isAgent && agentEnabled ? (
              <li>
                <Link
                  to={{ search: `?${agentCenterQueryKey}=${defaultAgentCenterPage}` }}
                  onClick={() => setOpen(false)}
                  data-testid="menu-agent-center"
                >
                  {t('header.agentCenter')}
                </Link>
              </li>
            ) : (
              <li>
                <button
                  type="button"
                  onClick={() => openMemberCenter('securityCenter')}
                  data-testid="menu-my-account"
                >
                  {tm('dropdown.myAccount')}
                </button>
              </li>
            )}
            {isTrial && (
              <li>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    identity.dialogs.send({ type: 'user.openRegister' });
                  }}
                  data-testid="menu-register"
                  onPointerEnter={() => prefetchIdentityForm('register')}
                  onFocus={() => prefetchIdentityForm('register')}
                >
                  {t('header.registerAccount')}
                </button>
              </li>
            )}
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  // Trial accounts have no password of their own: they register first.
                  identity.dialogs.send(
                    isTrial
                      ? { type: 'app.openRegisterFirst' }
                      : { type: 'app.openChangePassword', reason: 'voluntary', heldPassword: null },
                  );
                }}
                data-testid="menu-change-password"
                onPointerEnter={() => prefetchIdentityForm(isTrial ? 'register' : 'changePassword')}
                onFocus={() => prefetchIdentityForm(isTrial ? 'register' : 'changePassword')}
              >
                {t('header.changePassword')}
              </button>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  signOut.send({ type: 'user.signOut' });
                }}
                data-testid="menu-sign-out"
              >
                {t('header.signOut')}
              </button>
            </li>
          </ul>
        )}
        {/* Their own boundaries: a suspending popup or toast (a chunk, a namespace of a new
            language) must not hide the header's balance and menu with the header's boundary. */}
        <Suspense fallback={null}>
          <MemberCenter />
        </Suspense>
        {agentCenterOpen && (
          <Suspense fallback={null}>
            <AgentCenter />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <NotificationToasts />
        </Suspense>
        <Modal
          open={confirming || signingOut}
          title={t('signOut.title')}
          onClose={() => signOut.send({ type: 'user.cancel' })}
        >
          <div data-testid="sign-out-confirm" role="alertdialog" aria-label={t('signOut.title')}>
            <p>{t('signOut.text')}</p>
            <div className="form-actions">
              <button
                type="button"
                className="btn btn--outline"
                onClick={() => signOut.send({ type: 'user.cancel' })}
              >
                {t('form.cancel')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={signingOut}
                onClick={() => signOut.send({ type: 'user.confirm' })}
                data-testid="sign-out-yes"
              >
                {t('signOut.confirm')}
              </button>
            </div>
          </div>
        </Modal>
      </div>
    </>
  );
}
