import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { moduleIds } from '../../contract/system.ts';
import { useModuleEnabled } from '../hooks/use-permission.ts';
import { useDialogs, useSession } from '../identity/identity-flows.ts';
import { prefetchIdentityForm } from '../identity/identity-forms.ts';
import '../identity/identity.css';
import '../components/form/form.css';

// A visitor's first page carries no member code: the account area (balance, bell, menu, member
// center) is its own chunk, loaded when a member is in.
const AccountArea = lazy(() => import('./account-area.tsx'));

/** Points, focus and touches on a login or register control fetch its form ahead of the click. */
const prefetchOn = (...forms: Parameters<typeof prefetchIdentityForm>) => {
  const prefetch = () => prefetchIdentityForm(...forms);
  return { onPointerEnter: prefetch, onFocus: prefetch, onPointerDown: prefetch };
};

/** The header's login area: the visitor's buttons or the member's account area. */
export function HeaderLoginArea() {
  const { t } = useTranslation('layout');
  const session = useSession();
  const dialogs = useDialogs();
  const directRegistration = useModuleEnabled(moduleIds.directRegistration);
  const state = useSelector(session, (s) =>
    s.matches('member')
      ? 'member'
      : s.matches('memberUnavailable')
        ? 'unavailable'
        : s.matches('passwordChange')
          ? 'passwordChange'
          : 'visitor',
  );
  // Logged in, but nothing of the account is read before the forced password change is done.
  if (state === 'passwordChange') return <div className="login-area" />;
  if (state === 'member') {
    return (
      <Suspense fallback={null}>
        <AccountArea />
      </Suspense>
    );
  }
  if (state === 'unavailable') return <MemberUnavailable />;
  return (
    <div className="login-area" data-testid="header-login">
      {directRegistration && (
        <Link
          to="/register"
          className="btn btn--outline"
          data-testid="header-register"
          {...prefetchOn('register')}
        >
          {t('header.register')}
        </Link>
      )}
      <Link
        to="/login"
        className="btn btn--primary"
        data-testid="header-login-button"
        {...prefetchOn('login')}
        onClick={(event) => {
          // The popup on a normal click; the /login page for a new tab.
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          dialogs.send({ type: 'user.openLogin' });
        }}
      >
        {t('header.login')}
      </Link>
    </div>
  );
}

function MemberUnavailable() {
  const { t } = useTranslation('identity');
  const session = useSession();
  return (
    <div className="login-area" data-testid="session-retry">
      <span className="account-area__note">{t('header.memberUnavailable')}</span>
      <button
        type="button"
        className="btn btn--outline"
        onClick={() => session.send({ type: 'user.retry' })}
      >
        {t('form.retry')}
      </button>
    </div>
  );
}
