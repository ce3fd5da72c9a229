import { Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { Spinner } from '../components/spinner.tsx';
import { Toast } from '../components/toast.tsx';
import {
  LazyChangePasswordFlow as ChangePasswordFlow,
  LazyForgotFlow as ForgotFlow,
  LazyLoginFlow as LoginFlow,
  LazyRegisterFlow as RegisterFlow,
  prefetchIdentityForm,
} from '../identity/identity-forms.ts';
import { useDialogs } from '../identity/identity-flows.ts';
import { Modal } from './modal.tsx';
import '../components/form/form.css';

/**
 * The identity popups: login (loginPopupModal), register, forgot password, change password.
 * Each form is its own chunk (identity-forms.ts), usually fetched before its popup opens.
 */
export function IdentityModals() {
  const { t } = useTranslation('identity');
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const dialog = useSelector(dialogs, (s) => s.context);
  const close = useCallback(() => dialogs.send({ type: 'user.close' }), [dialogs]);
  // The login popup ends on the welcome step: it is titled as such, not "Log in".
  const [welcome, setWelcome] = useState(false);
  // A changed password says so (the popup closes at once).
  const [note, setNote] = useState<string | null>(null);
  const closeNote = useCallback(() => setNote(null), []);
  const passwordDone = useCallback(
    (outcome: 'home' | 'closed') => {
      dialogs.send({ type: 'user.close' });
      if (outcome === 'home') {
        setNote(t('changePassword.saved'));
        navigate('/');
      }
    },
    [dialogs, navigate, t],
  );

  return (
    <>
      <Modal
        open={dialog.open === 'login'}
        title={welcome && dialog.open === 'login' ? t('afterLogin.title') : t('login.title')}
        onClose={close}
        className="id-modal"
      >
        <div data-testid="login-popup">
          <Suspense fallback={<Spinner />}>
            <LoginFlow onLink={close} onWelcome={setWelcome} />
          </Suspense>
        </div>
      </Modal>
      <Modal
        open={dialog.open === 'register'}
        title={t('register.title')}
        onClose={close}
        className="id-modal"
      >
        <div data-testid="register-popup">
          <Suspense fallback={<Spinner />}>
            <RegisterFlow onLink={close} />
          </Suspense>
        </div>
      </Modal>
      <Modal
        open={dialog.open === 'registerFirst'}
        title={t('registerFirst.title')}
        onClose={close}
        className="id-modal"
      >
        <div data-testid="register-first" role="alertdialog" aria-label={t('registerFirst.title')}>
          <p>
            {dialog.open === 'registerFirst' && dialog.reason === 'launch'
              ? t('registerFirst.launchText')
              : t('registerFirst.text')}
          </p>
          <div className="form-actions">
            <button type="button" className="btn btn--outline" onClick={close}>
              {t('form.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => dialogs.send({ type: 'user.openRegister' })}
              data-testid="register-first-register"
              onFocus={() => prefetchIdentityForm('register')}
              onPointerEnter={() => prefetchIdentityForm('register')}
              autoFocus
            >
              {t('registerFirst.action')}
            </button>
          </div>
        </div>
      </Modal>
      <Modal
        open={dialog.open === 'forget'}
        title={t('forgot.title')}
        onClose={close}
        className="id-modal"
      >
        <div data-testid="forgot-popup">
          <Suspense fallback={<Spinner />}>
            <ForgotFlow onClose={close} onLink={close} />
          </Suspense>
        </div>
      </Modal>
      <Modal
        open={dialog.open === 'changePassword'}
        title={t('changePassword.title')}
        // A forced change cannot be closed.
        onClose={() => {
          if (dialog.open === 'changePassword' && dialog.reason === 'voluntary') close();
        }}
        className="id-modal"
      >
        {dialog.open === 'changePassword' && (
          <div data-testid="change-password-popup">
            <Suspense fallback={<Spinner />}>
              <ChangePasswordFlow
                // A popup opened by a refused call (no password held) gives way to the login's.
                key={dialog.heldPassword === null ? 'ask' : 'held'}
                reason={dialog.reason}
                heldPassword={dialog.heldPassword}
                onDone={passwordDone}
              />
            </Suspense>
          </div>
        )}
      </Modal>
      <Toast message={note} tone="info" onClose={closeNote} testId="identity-saved" />
    </>
  );
}
