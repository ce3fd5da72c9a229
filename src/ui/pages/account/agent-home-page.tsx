import { AccountInfo } from './account-info.tsx';

/** /agentHome (after an agent logs in): explains the action; the identity flows replace this page. */
export default function AgentHomePage() {
  return <AccountInfo testId="page-agent-home" area="agentHome" />;
}
