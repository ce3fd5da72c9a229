import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { AgentPage, DataState, useAgentData, useAgentError } from './agent-common.tsx';
import { useAgentFlows, type DownlineMember } from './agent-flows.ts';

/**
 * registerCenter: a new downline account (player or sub-agent) with an initial password (its
 * first login asks for a new one), and the agent's invitation: code, link and QR code.
 */
export default function RegisterCenterPage() {
  const { t } = useTranslation('agent');
  const { calls } = useAgentFlows();
  const errorText = useAgentError();
  const invitation = useAgentData((signal) => calls.invitation(signal), 'invitation');
  const [form, setForm] = useState({
    accountType: 'player' as 'player' | 'agent',
    username: '',
    nickname: '',
    password: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<DownlineMember | null>(null);
  const [copied, setCopied] = useState(false);
  const ids = { user: useId(), nick: useId(), pass: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.username.trim() || !form.password) return setError(t('register.required'));
    setBusy(true);
    setError(null);
    calls
      .registerDownline({
        username: form.username,
        password: form.password,
        accountType: form.accountType,
        ...(form.nickname ? { nickname: form.nickname } : {}),
      })
      .then(
        ({ member }) => {
          setMade(member);
          setForm({ ...form, username: '', nickname: '', password: '' });
          invitation.reload();
        },
        (cause: unknown) => setError(errorText(cause)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <AgentPage testId="ag-page-registerCenter" title={t('page.registerCenter')}>
      <div className="ag-columns">
        <form
          className="ag-card ag-form"
          onSubmit={submit}
          noValidate
          data-testid="ag-register-form"
        >
          <h3>{t('register.formTitle')}</h3>
          <fieldset className="ag-radios">
            <legend>{t('register.accountType')}</legend>
            {(['player', 'agent'] as const).map((type) => (
              <label key={type}>
                <input
                  type="radio"
                  name="accountType"
                  value={type}
                  checked={form.accountType === type}
                  onChange={() => setForm({ ...form, accountType: type })}
                />
                {t(`register.type.${type}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={ids.user}>{t('register.username')}</label>
          <input
            id={ids.user}
            className="pg-input"
            autoComplete="off"
            value={form.username}
            maxLength={20}
            onChange={(e) => setForm({ ...form, username: e.target.value })}
            data-testid="ag-register-username"
          />
          <label htmlFor={ids.nick}>{t('register.nickname')}</label>
          <input
            id={ids.nick}
            className="pg-input"
            value={form.nickname}
            maxLength={64}
            onChange={(e) => setForm({ ...form, nickname: e.target.value })}
          />
          <label htmlFor={ids.pass}>{t('register.password')}</label>
          <input
            id={ids.pass}
            className="pg-input"
            type="password"
            autoComplete="new-password"
            value={form.password}
            maxLength={20}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            data-testid="ag-register-password"
          />
          <p className="ag-muted">{t('register.firstLogin')}</p>
          {error && (
            <p className="ag-error" role="alert" data-testid="ag-register-error">
              {error}
            </p>
          )}
          {made && (
            <p className="ag-ok" role="status" data-testid="ag-register-done">
              {t('register.done', { name: made.username })}
            </p>
          )}
          <button type="submit" className="pg-btn pg-btn--primary" disabled={busy}>
            {t('register.submit')}
          </button>
        </form>
        <div className="ag-card" data-testid="ag-invitation">
          <h3>{t('invite.title')}</h3>
          <DataState view={invitation}>
            {(invite) => (
              <>
                <dl className="ag-figures ag-figures--two">
                  <div>
                    <dt>{t('invite.code')}</dt>
                    <dd data-testid="ag-invite-code">{invite.code}</dd>
                  </div>
                  <div>
                    <dt>{t('invite.registrations')}</dt>
                    <dd>{invite.registrations}</dd>
                  </div>
                </dl>
                <p className="ag-link" data-testid="ag-invite-link">
                  {invite.playerLink}
                </p>
                <button
                  type="button"
                  className="pg-btn pg-btn--ghost pg-btn--small"
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(invite.playerLink)
                      .then(() => setCopied(true))
                  }
                >
                  {copied ? t('invite.copied') : t('invite.copy')}
                </button>
                <div className="ag-qr">
                  <QRCodeSVG
                    value={invite.playerLink}
                    size={160}
                    marginSize={2}
                    title={t('invite.qr')}
                    role="img"
                    aria-label={t('invite.qr')}
                    data-testid="ag-invite-qr"
                  />
                </div>
              </>
            )}
          </DataState>
        </div>
      </div>
    </AgentPage>
  );
}
