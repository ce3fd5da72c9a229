/**
 * What other areas may use of the identity area. It decorates no service: the platform's guards
 * get its session check through `provideMemberAuth`. Other areas read members and check member
 * passwords inside their own transactions with these.
 */
export type { MemberRow } from '../../platform/http/auth.ts';
export {
  findMemberById,
  findMemberByUsernameEmail,
  findMemberIdByPhone,
  setMemberPasswordHash,
} from './members.repository.ts';
export { revokeSessionsOf } from './sessions.repository.ts';
export { hashMemberPassword, verifyMemberPassword } from './identity-password.ts';
export { endRememberedDevicesOf } from './remember.repository.ts';
