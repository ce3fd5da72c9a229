import { AccountInfo } from './account-info.tsx';

/** /login: explains the action; the identity flows replace this page. */
export default function LoginPage() {
  return <AccountInfo testId="page-login" area="login" />;
}
