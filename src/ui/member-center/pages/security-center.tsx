import { useCallback, useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { QRCodeSVG } from 'qrcode.react';
import type { SecuritySummary } from '../../../contract/security-center.ts';
import type { ContactKind, ContactRequest } from '../../../machines/contact-change.machine.ts';
import type { Failure } from '../../../machines/session.machine.ts';
import { useSecurityFlows } from '../security-flows.ts';
import { useDialogs, useSession } from '../../identity/identity-flows.ts';
import { Spinner } from '../../components/spinner.tsx';
import { Field, FormError } from '../../components/form/field.tsx';
import {
  RegisterCountryCode,
  useDefaultDialingCode,
} from '../../identity/register-country-code.tsx';
import '../../identity/identity.css';
import './security-center.css';

/** The server's message, or our text for a refusal the app made itself (a bad code format). */
function useFailureText(failure: Failure | null): string | null {
  const { t } = useTranslation('security');
  if (!failure) return null;
  return failure.message || t(`errors.${failure.code}`, { defaultValue: t('errors.unknown') });
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** +91 96*****678: enough to recognise one's own number, not to read it off a screen. */
function maskMobile(countryDialingCode: string | null, mobile: string): string {
  const shown =
    mobile.length > 5
      ? `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-3)}`
      : mobile;
  return countryDialingCode ? `+${countryDialingCode} ${shown}` : shown;
}

function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return email;
  return `${email[0]}${'*'.repeat(Math.max(1, at - 1))}${email.slice(at)}`;
}

function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="sc-section" aria-labelledby={id} data-testid={testId}>
      <h3 id={id} className="sc-section__title">
        {title}
      </h3>
      {children}
    </section>
  );
}

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
function AccountDetails() {
  const { t, i18n } = useTranslation('security');
  const member = useSelector(useSession(), (s) => s.context.member);
  if (!member) return <Spinner />;
  const lastLogin = member.lastLoginAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(member.lastLoginAt),
      )
    : t('account.never');
  return (
    <Section title={t('account.title')} testId="security-account">
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
    </Section>
  );
}

function PasswordSection() {
  const { t } = useTranslation('security');
  const dialogs = useDialogs();
  return (
    <Section title={t('password.title')} testId="security-password">
      <div className="sc-line">
        <p className="sc-muted">{t('password.hint')}</p>
        <button
          type="button"
          className="btn btn--outline"
          data-testid="security-password-change"
          onClick={() =>
            dialogs.send({
              type: 'app.openChangePassword',
              reason: 'voluntary',
              heldPassword: null,
            })
          }
        >
          {t('password.change')}
        </button>
      </div>
    </Section>
  );
}

/** Change of the mobile number or the e-mail address (contactChangeMachine). */
function ContactSection({
  kind,
  summary,
  onChanged,
}: {
  kind: ContactKind;
  summary: SecuritySummary | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation('security');
  const security = useSecurityFlows();
  const actor = useActorRef(security.contactChange, { input: { kind } });
  const snapshot = useSelector(actor, (s) => s);
  const failure = useFailureText(snapshot.context.failure);
  const defaultDialingCode = useDefaultDialingCode();
  const done = snapshot.matches('done');
  useEffect(() => {
    if (done) onChanged();
  }, [done, onChanged]);

  const prefix = `security-${kind}`;
  const current =
    kind === 'mobile'
      ? summary?.mobileNum
        ? maskMobile(summary.countryDialingCode, summary.mobileNum)
        : null
      : summary?.email
        ? maskEmail(summary.email)
        : null;
  const request = snapshot.context.request;
  const target =
    request?.kind === 'mobile'
      ? maskMobile(request.countryDialingCode, request.mobileNum)
      : request?.kind === 'email'
        ? request.email
        : '';
  const busy = snapshot.hasTag('busy');

  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = text(form, 'password');
    const next: ContactRequest =
      kind === 'mobile'
        ? {
            kind,
            password,
            countryDialingCode: text(form, 'countryDialingCode') || defaultDialingCode,
            mobileNum: text(form, 'mobileNum').trim(),
          }
        : { kind, password, email: text(form, 'email').trim() };
    actor.send({ type: 'user.sendCode', request: next });
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = text(new FormData(event.currentTarget), 'code').trim();
    actor.send({ type: 'user.submit', code });
  };

  return (
    <Section title={t(`${kind}.title`)} testId={`${prefix}`}>
      {snapshot.matches('idle') && (
        <div className="sc-line" data-testid={`${prefix}-change`}>
          <p className="sc-value" data-testid={`${prefix}-current`}>
            {summary === null ? '…' : (current ?? t(`${kind}.notSet`))}
          </p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.open' })}
            data-testid={`${prefix}-open`}
          >
            {current ? t('contact.change') : t('contact.add')}
          </button>
        </div>
      )}

      {(snapshot.matches('editing') || snapshot.matches('sendingCode')) && (
        <form className="id-form" onSubmit={sendCode} noValidate data-testid={`${prefix}-form`}>
          <p className="sc-muted">{t(`${kind}.formHint`)}</p>
          <Field
            label={t('contact.currentPassword')}
            name="password"
            type="password"
            revealable
            required
            autoComplete="current-password"
            defaultValue={request?.password ?? ''}
            data-testid={`${prefix}-password`}
          />
          {kind === 'mobile' ? (
            <div className="sc-phone">
              <RegisterCountryCode
                label={t('mobile.countryCode')}
                name="countryDialingCode"
                defaultValue={
                  request?.kind === 'mobile' ? request.countryDialingCode : defaultDialingCode
                }
                key={defaultDialingCode}
                data-testid="security-mobile-country"
              />
              <Field
                label={t('mobile.newNumber')}
                name="mobileNum"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                required
                defaultValue={request?.kind === 'mobile' ? request.mobileNum : ''}
                data-testid="security-mobile-number"
              />
            </div>
          ) : (
            <Field
              label={t('email.newAddress')}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={request?.kind === 'email' ? request.email : ''}
              data-testid="security-email-address"
            />
          )}
          <FormError message={failure} testId={`${prefix}-error`} />
          <div className="id-actions">
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => actor.send({ type: 'user.cancel' })}
            >
              {t('contact.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={busy}
              aria-busy={busy}
              data-testid={`${prefix}-send`}
            >
              {busy ? t('contact.working') : t('contact.sendCode')}
            </button>
          </div>
        </form>
      )}

      {(snapshot.matches('awaitingCode') || snapshot.matches('submitting')) && (
        <form className="id-form" onSubmit={submitCode} noValidate data-testid={`${prefix}-code`}>
          <p className="sc-muted" role="status">
            {t('contact.codeSent', { target })}
          </p>
          <Field
            label={t('contact.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            data-testid={`${prefix}-code-input`}
            addon={
              snapshot.matches({ awaitingCode: 'canResend' }) ? (
                <button
                  type="button"
                  className="id-field__toggle"
                  onClick={() => actor.send({ type: 'user.resend' })}
                  data-testid={`${prefix}-resend`}
                >
                  {t('contact.resend')}
                </button>
              ) : (
                <button
                  type="button"
                  className="id-field__toggle"
                  disabled
                  data-testid={`${prefix}-countdown`}
                >
                  {t('contact.secondsLeft', { seconds: snapshot.context.secondsLeft })}
                </button>
              )
            }
          />
          <FormError message={failure} testId={`${prefix}-error`} />
          <div className="id-actions">
            <button
              type="button"
              className="id-link-button"
              onClick={() => actor.send({ type: 'user.edit' })}
            >
              {t('contact.edit')}
            </button>
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => actor.send({ type: 'user.cancel' })}
            >
              {t('contact.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={busy}
              aria-busy={busy}
              data-testid={`${prefix}-confirm`}
            >
              {busy ? t('contact.working') : t('contact.confirm')}
            </button>
          </div>
        </form>
      )}

      {done && (
        <div className="sc-line" data-testid={`${prefix}-done`}>
          <p className="sc-success" role="status">
            {t(`${kind}.changed`)}
          </p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.close' })}
          >
            {t('contact.close')}
          </button>
        </div>
      )}
    </Section>
  );
}

/** The secret in groups of four, easier to type into an authenticator by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The authenticator (TOTP): bind with a QR code or the secret, confirm, unbind. */
function AuthenticatorSection() {
  const { t } = useTranslation('security');
  const security = useSecurityFlows();
  const actor = useActorRef(security.authenticator);
  const snapshot = useSelector(actor, (s) => s);
  const failure = useFailureText(snapshot.context.failure);
  const busy = snapshot.hasTag('busy');
  const setup = snapshot.context.setup;

  return (
    <Section title={t('totp.title')} testId="security-totp">
      <p className="sc-muted">{t('totp.hint')}</p>
      {snapshot.matches('loading') && (
        <div data-testid="security-totp-loading">
          <Spinner />
        </div>
      )}
      {snapshot.matches('failed') && (
        <div className="sc-line" data-testid="security-totp-failed">
          <FormError message={failure} testId="security-totp-error" />
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.retry' })}
          >
            {t('totp.retry')}
          </button>
        </div>
      )}
      {snapshot.matches('unbound') && (
        <div className="sc-line" data-testid="security-totp-unbound">
          <p className="sc-value">
            <span className="sc-badge">{t('totp.unbound')}</span>
          </p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => actor.send({ type: 'user.startBind' })}
            data-testid="security-totp-bind"
          >
            {t('totp.bind')}
          </button>
        </div>
      )}
      {(snapshot.matches('askingPassword') || snapshot.matches('settingUp')) && (
        <form
          className="id-form"
          noValidate
          data-testid="security-totp-password"
          onSubmit={(event) => {
            event.preventDefault();
            const password = text(new FormData(event.currentTarget), 'password');
            actor.send({ type: 'user.submitPassword', password });
          }}
        >
          <p className="sc-muted">{t('totp.passwordHint')}</p>
          <Field
            label={t('contact.currentPassword')}
            name="password"
            type="password"
            revealable
            required
            autoComplete="current-password"
            data-testid="security-totp-password-input"
          />
          <FormError message={failure} testId="security-totp-error" />
          <div className="id-actions">
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => actor.send({ type: 'user.cancel' })}
            >
              {t('contact.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={busy}
              aria-busy={busy}
              data-testid="security-totp-continue"
            >
              {busy ? t('contact.working') : t('totp.continue')}
            </button>
          </div>
        </form>
      )}
      {(snapshot.matches('confirming') || snapshot.matches('confirmingCode')) && setup && (
        <form
          className="id-form"
          noValidate
          data-testid="security-totp-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            const code = text(new FormData(event.currentTarget), 'code').trim();
            actor.send({ type: 'user.submitCode', code });
          }}
        >
          <ol className="sc-steps">
            <li>{t('totp.stepInstall')}</li>
            <li>{t('totp.stepScan')}</li>
          </ol>
          <div className="sc-qr">
            <QRCodeSVG
              value={setup.otpauthUri}
              size={176}
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#000000"
              role="img"
              aria-label={t('totp.qrLabel')}
              data-testid="security-totp-qr"
            />
            <div className="sc-secret">
              <span className="sc-muted">{t('totp.manual')}</span>
              <code data-testid="security-totp-secret" data-secret={setup.secret}>
                {grouped(setup.secret)}
              </code>
            </div>
          </div>
          <Field
            label={t('totp.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            data-testid="security-totp-code"
          />
          <FormError message={failure} testId="security-totp-error" />
          <div className="id-actions">
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => actor.send({ type: 'user.cancel' })}
            >
              {t('contact.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={busy}
              aria-busy={busy}
              data-testid="security-totp-submit"
            >
              {busy ? t('contact.working') : t('totp.confirm')}
            </button>
          </div>
        </form>
      )}
      {snapshot.matches('bound') && (
        <div className="sc-line" data-testid="security-totp-bound">
          <p className="sc-value">
            <span className="sc-badge sc-badge--on">{t('totp.bound')}</span>
          </p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.startUnbind' })}
            data-testid="security-totp-unbind-open"
          >
            {t('totp.unbind')}
          </button>
        </div>
      )}
      {(snapshot.matches('unbinding') || snapshot.matches('submittingUnbind')) && (
        <form
          className="id-form"
          noValidate
          data-testid="security-totp-unbind"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            actor.send({
              type: 'user.submitUnbind',
              password: text(form, 'password'),
              code: text(form, 'code').trim(),
            });
          }}
        >
          <p className="sc-muted">{t('totp.unbindHint')}</p>
          <Field
            label={t('contact.currentPassword')}
            name="password"
            type="password"
            revealable
            required
            autoComplete="current-password"
            data-testid="security-totp-unbind-password"
          />
          <Field
            label={t('totp.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            data-testid="security-totp-unbind-code"
          />
          <FormError message={failure} testId="security-totp-error" />
          <div className="id-actions">
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => actor.send({ type: 'user.cancel' })}
            >
              {t('contact.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={busy}
              aria-busy={busy}
              data-testid="security-totp-unbind-submit"
            >
              {busy ? t('contact.working') : t('totp.unbind')}
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}

function PaymentPasswordSection({ summary }: { summary: SecuritySummary | null }) {
  const { t } = useTranslation('security');
  return (
    <Section title={t('payment.title')} testId="security-payment">
      <div className="sc-line">
        <p className="sc-muted">{t('payment.hint')}</p>
        <p className="sc-value" data-testid="security-payment-status">
          {summary === null ? (
            '…'
          ) : summary.paymentPasswordSet ? (
            <span className="sc-badge sc-badge--on">{t('payment.set')}</span>
          ) : (
            <span className="sc-badge">{t('payment.notSet')}</span>
          )}
        </p>
      </div>
    </Section>
  );
}

/**
 * The member center's "account security" page (securityCenter): the account, the password
 * (the change-password popup), the mobile number and e-mail with their change flows, the
 * authenticator and the payment password's status.
 */
export default function SecurityCenterPage() {
  const { t } = useTranslation('security');
  const security = useSecurityFlows();
  const summaryActor = useActorRef(security.summary, { input: {} });
  const summaryState = useSelector(summaryActor, (s) =>
    s.matches('failed') ? 'failed' : s.matches('loaded') ? 'loaded' : 'loading',
  );
  const summary = useSelector(summaryActor, (s) =>
    s.matches('loaded') ? (s.context.data as SecuritySummary) : null,
  );
  const reloadSummary = useCallback(
    () => summaryActor.send({ type: 'user.reload' }),
    [summaryActor],
  );

  return (
    <div className="sc-page" data-testid="security-center">
      <h2 className="sc-page__title">{t('title')}</h2>
      {summaryState === 'failed' && (
        <div className="sc-line" role="alert" data-testid="security-summary-failed">
          <p>{t('errors.loadFailed')}</p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => summaryActor.send({ type: 'user.retry' })}
          >
            {t('totp.retry')}
          </button>
        </div>
      )}
      <AccountDetails />
      <PasswordSection />
      <ContactSection kind="mobile" summary={summary} onChanged={reloadSummary} />
      <ContactSection kind="email" summary={summary} onChanged={reloadSummary} />
      <AuthenticatorSection />
      <PaymentPasswordSection summary={summary} />
    </div>
  );
}
