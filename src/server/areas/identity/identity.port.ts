/**
 * What other areas may use of the identity area: nothing at run time. Its session check reaches
 * the platform's guards and socket gateway through `provideMemberAuth`; the member row, member
 * password hashing and the member queries other areas run in their own transactions are the
 * platform's (platform/http/auth.ts, platform/members/).
 */
export type { MemberRow } from '../../platform/http/auth.ts';
