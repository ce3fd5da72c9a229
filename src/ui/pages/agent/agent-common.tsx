import { createContext, use, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentCenter } from '../../../contract/agent.ts';
import { datePresets, type DatePreset } from '../../../contract/date-presets.ts';
import { EmptyState, FailedState, LoadingState } from '../shared/remote-state.tsx';
import { PresetChips } from '../../member-center/pages/records-filters.tsx';
import { Pager } from '../../member-center/pages/records-common.tsx';
import type { AgentNews, Paged } from './agent-flows.ts';

/** What every agent page reads: the center (menu, flags, window) and the news so far. */
export type AgentCenterState = {
  center: AgentCenter;
  /** Bumped on every wage or contract event: pages showing figures read them again. */
  revision: number;
  lastNews: AgentNews | null;
  /** Opens another page of the center (a member's contracts from team management). */
  goTo(page: AgentCenter['pages'][number]): void;
};
export const AgentCenterContext = createContext<AgentCenterState | null>(null);
export function useAgentCenter(): AgentCenterState {
  const state = use(AgentCenterContext);
  if (!state) throw new Error('useAgentCenter needs the agent center');
  return state;
}

export type DataView<T> =
  | { status: 'loading'; data: null; reload: () => void }
  | { status: 'failed'; data: null; error: unknown; reload: () => void }
  | { status: 'ready'; data: T; reload: () => void };

/**
 * A read of the page: loading, failed (retry) or its data; read again when `key` changes or
 * `reload` is called (a later answer replaces an earlier one; a stale one is dropped).
 */
export function useAgentData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
): DataView<T> {
  const [state, setState] = useState<{ key: string; view: DataView<T> | null }>({
    key: '',
    view: null,
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, view: { status: 'ready', data, reload } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ key, view: { status: 'failed', data: null, error, reload } });
        }
      },
    );
    return () => controller.abort();
    // The key names what `load` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);
  // A fresh key shows loading at once; a reload keeps the figures until the answer.
  if (state.key !== key || state.view === null) return { status: 'loading', data: null, reload };
  return state.view;
}

/** Loading, failed with retry, or the children with the data. */
export function DataState<T>({
  view,
  empty,
  children,
}: {
  view: DataView<T>;
  /** Whether the data counts as empty, and its text. */
  empty?: { when: (data: T) => boolean; text: string };
  children: (data: T) => ReactNode;
}) {
  if (view.status === 'loading') return <LoadingState />;
  if (view.status === 'failed') return <FailedState onRetry={view.reload} />;
  if (empty?.when(view.data)) return <EmptyState text={empty.text} />;
  return <>{children(view.data)}</>;
}

/** A page of the center: its heading (labelled section) and body. */
export function AgentPage({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="rc-page ag-page" data-testid={testId} aria-labelledby={headingId}>
      <h2 id={headingId} className="rc-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export type Period = DatePreset;

/** The 7 / 30 day presets of a report, last and next. */
export function PeriodChips({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation('agent');
  return (
    <PresetChips
      presets={datePresets}
      value={value}
      labelOf={(preset) => t(`period.${preset}`)}
      onChange={onChange}
    />
  );
}

/** A paged list's pager (15 a page). */
export function AgentPager<T>({ page, onPage }: { page: Paged<T>; onPage: (n: number) => void }) {
  const totalPages = Math.max(1, Math.ceil(page.totalCount / Math.max(1, page.pageSize)));
  return <Pager pageNo={page.pageNo} totalPages={totalPages} onPage={onPage} />;
}

/** The text of an error code (agent namespace, then a generic one). */
export function useAgentError(): (error: unknown) => string | null {
  const { t } = useTranslation('agent');
  return useCallback(
    (error) => {
      if (error === null || error === undefined) return null;
      const code =
        typeof error === 'string'
          ? error
          : typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string'
            ? (error as { code: string }).code
            : 'system_error';
      const message =
        typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
          ? (error as { message: string }).message
          : null;
      return t(`errors.${code}`, { defaultValue: message ?? t('errors.unknown') });
    },
    [t],
  );
}

/** Basis points as a percent: 150 -> "1.50 %". */
export const percentOf = (bps: number) => `${(bps / 100).toFixed(2)} %`;

/** A typed percent (up to 2 decimals) as basis points, or null. */
export function bpsFromPercent(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null;
  const bps = Math.round(Number(text) * 100);
  return bps >= 0 && bps <= 10_000 ? bps : null;
}

/** A request key for a money request, fresh per attempt the person starts. */
export const newRequestKey = (prefix: string) => `${prefix}-${crypto.randomUUID()}`;
