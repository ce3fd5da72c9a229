/**
 * The operator area decorates no service: the platform's `requireOperator` guard gets its
 * credential check through `provideOperatorAuth`. Operator identities are the platform's
 * `Operator` type (platform/http/auth.ts).
 */
export type { Operator } from '../../platform/http/auth.ts';
