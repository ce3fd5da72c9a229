import { AccountInfo } from './account-info.tsx';

/** /changePassword: explains the action; the identity flows replace this page. */
export default function ChangePasswordPage() {
  return <AccountInfo testId="page-change-password" area="changePassword" />;
}
