import { AccountInfo } from './account-info.tsx';

/** /forget: explains the action; the identity flows replace this page. */
export default function ForgetPage() {
  return <AccountInfo testId="page-forget" area="forget" />;
}
