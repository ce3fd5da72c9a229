import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { SystemService } from '../services/system.service.ts';
import { useSiteShellFlows } from '../ui/layout/site-shell-flows.ts';
import { ErrorPage } from '../ui/system/error-page.tsx';
import { LoadingPage } from '../ui/system/loading-page.tsx';
import { MaintenancePage } from '../ui/system/maintenance-page.tsx';
import { RegionPage } from '../ui/system/region-page.tsx';

/**
 * The live-chat address for the maintenance and region pages. The bootstrap payload is not
 * read in those states, so the public domain-route call supplies the resources.
 */
function useLiveChatUrl(system: SystemService, wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    system.getDomainRoute(0, controller.signal).then(
      (route) =>
        setUrl(route.resources.find((r) => r.resourceType === 'LIVECHAT' && r.url)?.url ?? null),
      () => setUrl(null),
    );
    return () => controller.abort();
  }, [system, wanted]);
  return url;
}

/** Start-up: loading, then the site, the maintenance page, the region page or the error page. */
export function StartupGate({ system, children }: { system: SystemService; children: ReactNode }) {
  const { systemStatus } = useSiteShellFlows();
  const state = useSelector(systemStatus, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('maintenance')
        ? 'maintenance'
        : s.matches('regionBlocked')
          ? 'regionBlocked'
          : s.matches('error')
            ? 'error'
            : 'normal',
  );
  const status = useSelector(systemStatus, (s) => s.context.status);
  const failure = useSelector(systemStatus, (s) => s.context.failure);
  const liveChatUrl = useLiveChatUrl(system, state === 'maintenance' || state === 'regionBlocked');
  const retry = () => systemStatus.send({ type: 'user.retry' });

  switch (state) {
    case 'loading':
      return <LoadingPage />;
    case 'maintenance':
      return (
        <MaintenancePage
          endTime={status?.endTime ?? null}
          liveChatUrl={liveChatUrl}
          onRetry={retry}
        />
      );
    case 'regionBlocked':
      return <RegionPage ip={status?.ip ?? ''} liveChatUrl={liveChatUrl} onRetry={retry} />;
    case 'error':
      return <ErrorPage failure={failure} onRetry={retry} />;
    case 'normal':
      return children;
  }
}
