import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSelector } from '@xstate/react';
import { agentCenterQueryKey, defaultAgentCenterPage } from '../../../contract/agent.ts';
import { useIdentityFlows } from '../../identity/identity-flows.ts';
import { AccountInfo } from './account-info.tsx';

/**
 * /agentHome: the agent side's page. A visitor reads what it is for (and logs in as an agent);
 * a logged-in agent gets the agent center at once (`?ac=`), and a link back to it once closed.
 */
export default function AgentHomePage() {
  const { t } = useTranslation('agent');
  const { session } = useIdentityFlows();
  const isAgent = useSelector(session, (s) => s.matches('member') && s.context.isAgent);
  const [params, setParams] = useSearchParams();
  const opened = params.has(agentCenterQueryKey);
  // Once per visit of the page: closing the center leaves the page as it is.
  const done = useRef(false);
  useEffect(() => {
    if (isAgent && !opened && !done.current) {
      done.current = true;
      setParams({ [agentCenterQueryKey]: defaultAgentCenterPage }, { replace: true });
    }
  }, [isAgent, opened, setParams]);
  return (
    <AccountInfo testId="page-agent-home" area="agentHome">
      {isAgent && (
        <p>
          <Link
            to={{ search: `?${agentCenterQueryKey}=${defaultAgentCenterPage}` }}
            className="pg-btn pg-btn--primary"
            data-testid="agent-home-open"
          >
            {t('openCenter')}
          </Link>
        </p>
      )}
    </AccountInfo>
  );
}
