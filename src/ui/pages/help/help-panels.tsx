import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { rankListSchema } from '../../../contract/games.ts';
import {
  affiliateChannels,
  countWords,
  feedbackLimits,
  feedbackQuestionTypes,
  type AffiliateApplication,
  type Feedback,
  type FeedbackQuestionType,
  type PlayerAvatar,
} from '../../../contract/help.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useMoney } from '../../components/form/money-field.tsx';
import { useSession } from '../../identity/identity-flows.ts';
import { RemoteState } from '../shared/remote-state.tsx';
import { LazyImage } from '../../components/lazy-image.tsx';
import { useHelpFlows } from './use-help-flows.ts';

/** The panels of /help beside the articles, each with its anchor (/help#feedback...). */
export const helpToolKeys = ['winners', 'feedback', 'affiliate', 'avatar'] as const;
export type HelpToolKey = (typeof helpToolKeys)[number];

export function HelpToolPanel({ tool }: { tool: HelpToolKey }) {
  switch (tool) {
    case 'winners':
      return <WinnersPanel />;
    case 'feedback':
      return (
        <MembersOnly>
          <FeedbackPanel />
        </MembersOnly>
      );
    case 'affiliate':
      return (
        <MembersOnly>
          <AffiliatePanel />
        </MembersOnly>
      );
    case 'avatar':
      return (
        <MembersOnly>
          <AvatarPanel />
        </MembersOnly>
      );
  }
}

/** A signed-in player's panel; a visitor is asked to log in. */
function MembersOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('help');
  const member = useSelector(useSession(), (s) => s.matches('member'));
  if (!member) return <p className="pg-muted">{t('loginFirst')}</p>;
  return <>{children}</>;
}

/** The message of a failed call (the server's, translated), else a generic one. */
function useFailure() {
  const { t } = useTranslation('help');
  return (error: unknown) =>
    error instanceof Error && error.message ? error.message : t('failed');
}

// ---------------------------------------------------------------- winners

function WinnersPanel() {
  const { t, i18n } = useTranslation('help');
  const money = useMoney();
  const ref = useActorRef(useHelpFlows().winners, {
    input: { params: { language: i18n.language } },
  });
  const view = useRemoteData<z.infer<typeof rankListSchema>>(ref);
  return (
    <>
      <p className="pg-muted">{t('winners.intro')}</p>
      <RemoteState view={view} emptyText={t('winners.empty')}>
        {(data) => (
          <div className="help-table-wrap">
            <table className="help-table" data-testid="help-winners">
              <thead>
                <tr>
                  <th scope="col">{t('winners.rank')}</th>
                  <th scope="col">{t('winners.player')}</th>
                  <th scope="col">{t('winners.game')}</th>
                  <th scope="col">{t('winners.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map(({ vo }, index) => (
                  <tr key={`${vo.wonAt}-${index}`}>
                    <td>{index + 1}</td>
                    <td>{vo.memberName}</td>
                    <td>{vo.gameName}</td>
                    <td>{money(vo.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </RemoteState>
    </>
  );
}

// ---------------------------------------------------------------- feedback

function FeedbackPanel() {
  const { t } = useTranslation('help');
  const flows = useHelpFlows();
  const failure = useFailure();
  const history = useActorRef(flows.myFeedback, { input: { params: {} } });
  const view = useRemoteData<{ list: Feedback[] }>(history);
  const [questionType, setQuestionType] = useState<FeedbackQuestionType>('deposit');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = { type: useId(), content: useId(), images: useId(), count: useId() };
  const words = countWords(content);
  const chars = content.trim().length;
  const limits = {
    min: feedbackLimits.minWords,
    max: feedbackLimits.maxWords,
    chars: feedbackLimits.maxChars,
  };
  const contentOk =
    words >= feedbackLimits.minWords &&
    words <= feedbackLimits.maxWords &&
    chars <= feedbackLimits.maxChars;

  async function pickImages(files: File[]) {
    setProblem(null);
    if (files.length > feedbackLimits.images.maxCount) {
      setProblem(t('feedback.tooMany'));
      return;
    }
    if (files.some((file) => file.size > feedbackLimits.images.maxBytes)) {
      setProblem(t('feedback.tooLarge'));
      return;
    }
    const types = await flows.imageTypes(files);
    if (types.some((type) => type === null)) {
      setProblem(t('feedback.notImage'));
      return;
    }
    setImages(files);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSent(false);
    if (!contentOk) {
      setProblem(t('feedback.words', limits));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await flows.sendFeedback({ questionType, content, images });
      setContent('');
      setImages([]);
      setSent(true);
      history.send({ type: 'user.retry' });
      history.send({ type: 'user.reload' });
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="help-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={ids.type}>{t('feedback.questionType')}</label>
        <select
          id={ids.type}
          className="pg-input"
          value={questionType}
          onChange={(event) => setQuestionType(event.target.value as FeedbackQuestionType)}
        >
          {feedbackQuestionTypes.map((type) => (
            <option key={type} value={type}>
              {t(`feedback.types.${type}`)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.content}>{t('feedback.content')}</label>
        <textarea
          id={ids.content}
          className="pg-input"
          rows={4}
          maxLength={feedbackLimits.maxChars}
          value={content}
          aria-describedby={ids.count}
          aria-invalid={content !== '' && !contentOk}
          onChange={(event) => setContent(event.target.value)}
        />
        <p id={ids.count} className="pg-muted">
          {t('feedback.count', { words, used: chars, ...limits })}
        </p>
        <label htmlFor={ids.images}>{t('feedback.images')}</label>
        <input
          id={ids.images}
          type="file"
          accept="image/png,image/jpeg"
          multiple
          onChange={(event) => void pickImages([...(event.target.files ?? [])])}
        />
        {problem && (
          <p className="help-form__error" role="alert">
            {problem}
          </p>
        )}
        {sent && (
          <p className="help-form__ok" role="status">
            {t('feedback.sent')}
          </p>
        )}
        <button type="submit" className="pg-btn pg-btn--primary" disabled={busy}>
          {t('feedback.submit')}
        </button>
      </form>
      <h3>{t('feedback.history')}</h3>
      <RemoteState view={view} emptyText={t('feedback.none')}>
        {(data) => (
          <ul className="help-feedback-list">
            {data.list.map((item) => (
              <li key={item.id} className="pg-card">
                <p>
                  <strong>{t(`feedback.types.${item.questionType}`)}</strong>{' '}
                  <span className="pg-muted">
                    {new Date(item.createdAt).toLocaleString()} ·{' '}
                    {t(`feedback.status.${item.status}`)}
                  </span>
                </p>
                <p>{item.content}</p>
                {item.answer && (
                  <p className="help-feedback-answer">
                    {t('feedback.answer')}: {item.answer}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </RemoteState>
    </>
  );
}

// ---------------------------------------------------------------- affiliate

function AffiliatePanel() {
  const { t } = useTranslation('help');
  const flows = useHelpFlows();
  const ref = useActorRef(flows.affiliate, { input: { params: {} } });
  const view = useRemoteData<{ application: AffiliateApplication | null }>(ref);
  const [made, setMade] = useState<AffiliateApplication | null>(null);
  if (view.status === 'loading' || view.status === 'failed') {
    return <RemoteState view={view}>{() => null}</RemoteState>;
  }
  const application = made ?? view.data?.application ?? null;
  if (application) {
    return (
      <p className="pg-card" data-testid="help-affiliate-status">
        {t('affiliate.status', { status: t(`affiliate.statuses.${application.status}`) })}
      </p>
    );
  }
  return <AffiliateForm onApplied={setMade} />;
}

function AffiliateForm({ onApplied }: { onApplied: (made: AffiliateApplication) => void }) {
  const { t } = useTranslation('help');
  const flows = useHelpFlows();
  const failure = useFailure();
  const [form, setForm] = useState({
    fullName: '',
    contact: '',
    channel: 'social' as (typeof affiliateChannels)[number],
    audience: '',
    message: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const audience = Number(form.audience || '0');
    if (form.fullName.trim().length < 2 || form.contact.trim().length < 5) {
      setProblem(t('affiliate.incomplete'));
      return;
    }
    if (!Number.isInteger(audience) || audience < 0) {
      setProblem(t('affiliate.incomplete'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onApplied(await flows.applyAffiliate({ ...form, audience }));
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="help-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="pg-muted">{t('affiliate.intro')}</p>
      <label htmlFor={`${id}-name`}>{t('affiliate.fullName')}</label>
      <input
        id={`${id}-name`}
        className="pg-input"
        maxLength={64}
        value={form.fullName}
        onChange={(event) => set('fullName')(event.target.value)}
      />
      <label htmlFor={`${id}-contact`}>{t('affiliate.contact')}</label>
      <input
        id={`${id}-contact`}
        className="pg-input"
        maxLength={64}
        value={form.contact}
        onChange={(event) => set('contact')(event.target.value)}
      />
      <label htmlFor={`${id}-channel`}>{t('affiliate.channel')}</label>
      <select
        id={`${id}-channel`}
        className="pg-input"
        value={form.channel}
        onChange={(event) => set('channel')(event.target.value)}
      >
        {affiliateChannels.map((channel) => (
          <option key={channel} value={channel}>
            {t(`affiliate.channels.${channel}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-audience`}>{t('affiliate.audience')}</label>
      <input
        id={`${id}-audience`}
        className="pg-input"
        inputMode="numeric"
        value={form.audience}
        onChange={(event) => set('audience')(event.target.value.replace(/\D/g, ''))}
      />
      <label htmlFor={`${id}-message`}>{t('affiliate.message')}</label>
      <textarea
        id={`${id}-message`}
        className="pg-input"
        rows={3}
        maxLength={140}
        value={form.message}
        onChange={(event) => set('message')(event.target.value)}
      />
      {problem && (
        <p className="help-form__error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="pg-btn pg-btn--primary" disabled={busy}>
        {t('affiliate.submit')}
      </button>
    </form>
  );
}

// ---------------------------------------------------------------- avatar

function AvatarPanel() {
  const { t } = useTranslation('help');
  const flows = useHelpFlows();
  const failure = useFailure();
  const ref = useActorRef(flows.avatar, { input: { params: {} } });
  const view = useRemoteData<PlayerAvatar>(ref);
  const [picked, setPicked] = useState<PlayerAvatar | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <RemoteState view={view}>
      {(data) => {
        const shown = picked ?? data;
        return (
          <>
            <p className="pg-muted">{t('avatar.intro')}</p>
            <ul className="help-avatars" aria-label={t('avatar.choose')}>
              {shown.list.map((avatar) => (
                <li key={avatar.avatarId}>
                  <button
                    type="button"
                    className="help-avatar"
                    aria-pressed={avatar.avatarId === shown.current.avatarId}
                    aria-label={t('avatar.pick', { n: avatar.avatarId })}
                    onClick={() => {
                      setProblem(null);
                      flows
                        .setAvatar(avatar.avatarId)
                        .then(setPicked, (error: unknown) => setProblem(failure(error)));
                    }}
                  >
                    <LazyImage src={avatar.url} alt="" width="56" height="56" />
                  </button>
                </li>
              ))}
            </ul>
            {problem && (
              <p className="help-form__error" role="alert">
                {problem}
              </p>
            )}
          </>
        );
      }}
    </RemoteState>
  );
}
