// zod/mini: the browser reads every reply with it at start-up (issue 12: no zod classic in the
// first page); mini and classic schemas compose.
import * as z from 'zod/mini';

/**
 * Stable error codes the server puts in `code`; the app chooses texts and flows by them.
 * Later areas add their own codes here so the list stays the single catalogue.
 */
export const errorCodes = [
  'bad_request',
  'not_found',
  'not_logged_in',
  'need_true_account',
  'error_not_agent',
  'member_no_enter',
  'captcha_required',
  'captcha_too_fast',
  'too_many_requests',
  'ops_unauthorized',
  'system_maintenance',
  'region_restricted',
  'system_error',
  // identity
  'enc_invalid',
  'invalid_credentials',
  'account_locked',
  'ops_locked',
  'account_disabled',
  'captcha_invalid',
  'verification_required',
  'session_expired',
  'username_taken',
  'mobile_taken',
  'email_taken',
  'affiliate_invalid',
  'terms_required',
  'age_required',
  'password_wrong',
  'password_mismatch',
  'password_same',
  'password_change_required',
  'email_not_found',
  'two_factor_required',
  'two_factor_invalid',
  'two_factor_expired',
  'totp_already_bound',
  'totp_not_bound',
  'totp_setup_required',
  'social_login_failed',
  'freeplay_disabled',
  'reset_token_invalid',
  'human_verification_failed',
  'register_method_disabled',
  // phone / SMS (spec section 8)
  'sms_invalid_phone',
  'sms_missing_phone',
  'sms_too_many_requests',
  'sms_unknown',
  'sms_invalid_code',
  'sms_missing_code',
  'sms_captcha_failed',
  /** The bootstrap call's host is not one of the site's domains (SITE_DOMAINS). */
  'domain_check_failed',
  'sms_quota_exceeded',
  'sms_operation_not_allowed',
  'sms_code_expired',
  'sms_popup_closed',
  // wallet and ledger
  'insufficient_balance',
  'idempotency_key_reused',
  // deposits and the payment gateway
  'deposit_channel_unavailable',
  'deposit_amount_out_of_range',
  'deposit_not_pending',
  'upi_utr_invalid',
  'upi_utr_taken',
  'payment_signature_invalid',
  'payment_mismatch',
  'payment_unavailable',
  // withdrawal
  'payment_password_wrong',
  'payment_password_locked',
  'payment_password_not_set',
  'payment_password_already_set',
  'payment_password_same',
  'payment_password_changed',
  'bank_account_limit',
  'bank_account_exists',
  'withdrawal_state_invalid',
  'withdrawal_amount_invalid',
  'proof_image_required',
  'image_invalid',
  'image_too_large',
  'too_many_images',
  // records and transfers (member center)
  'wallet_single',
  'wallet_unknown',
  'upline_not_allowed',
  // bank accounts paid in INR
  'ifsc_required',
  // games: launch and the seamless wallet API (src/contract/seamless.ts)
  'game_not_found',
  'game_under_maintenance',
  'seamless_provider_unknown',
  'seamless_provider_disabled',
  'seamless_signature_invalid',
  /** The caller's address is not among the provider's allowed IPs. */
  'seamless_ip_not_allowed',
  'seamless_timestamp_stale',
  'seamless_token_invalid',
  'seamless_player_unknown',
  'seamless_currency_mismatch',
  'seamless_transaction_conflict',
  'seamless_bet_rolled_back',
  'seamless_bet_not_found',
  'seamless_bet_settled',
  'seamless_player_blocked',
  /** The bet's game is not a game of a vendor the provider serves. */
  'seamless_game_not_served',
  /** Operator: another active provider already serves the vendor. */
  'seamless_vendor_claimed',
  /** No free round left on the grant (another spin took the last one). */
  'free_rounds_none',
  /** The built-in games' next server seed is not the one the player saw (another rotation). */
  'builtin_seeds_changed',
  // lottery: bets and results (src/contract/lottery.ts)
  'lottery_draw_not_found',
  'lottery_draw_closed',
  'lottery_bet_invalid',
  'lottery_unit_out_of_range',
  'lottery_stake_limit',
  'lottery_result_invalid',
  'lottery_entry_not_found',
  'lottery_entry_decided',
  'lottery_second_operator_required',
  'lottery_draw_state_invalid',
  // agent: team access and contracts (src/contract/agent.ts)
  'not_in_team',
  'contract_kind_disabled',
  'contract_not_found',
  'contract_state_invalid',
  'contract_rate_above_upline',
  'contract_higher_in_force',
  'contract_direct_downline_only',
  'contract_upline_without_contract',
  'contract_terms_invalid',
  'agent_transfer_invalid',
  /** The downline of a transfer may not receive one (a disabled account). */
  'downline_disabled',
  // engagement help: feedback, help center, affiliate application (src/contract/help.ts)
  'feedback_words',
  'feedback_answered',
  'help_section_unknown',
  'affiliate_applied',
  'affiliate_reviewed',
  // Engagement: promotions (issue 16).
  'promotion_not_found',
  'promotion_not_claimable',
  'promotion_already_claimed',
  'promotion_claim_state_invalid',
  'promotion_amount_required',
  'bonus_wagering_unmet',
  // engagement, missions part (src/contract/missions.ts)
  'mission_not_found',
  'mission_not_completed',
  'mission_already_claimed',
  // engagement loyalty: points mall, rebate (src/contract/loyalty.ts)
  'points_insufficient',
  'points_item_unavailable',
  'redemption_not_found',
  'redemption_state_invalid',
  'rebate_nothing_to_claim',
  // withdrawal: payout accounts (UPI VPA, IMPS) and the daily limits (issue 34)
  'vpa_invalid',
  'upi_unavailable',
  'ifsc_invalid',
  'account_number_invalid',
  'bank_name_required',
  'withdrawal_daily_count',
  'withdrawal_daily_amount',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Every JSON reply: `{ success, value?, message?, code? }`. */
export const envelopeOf = <T extends z.core.$ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    value: z.optional(value),
    message: z.optional(z.string()),
    code: z.optional(z.string()),
  });

/**
 * What a failure adds for the form that shows it: the next login needs the captcha, how many
 * tries are left before a lock, when a lock ends.
 */
export const failureDetailSchema = z.object({
  captchaRequired: z.optional(
    z
      .boolean()
      .check(z.describe('The next attempt must carry a captcha answer (shown before it is sent).')),
  ),
  remainingTries: z.optional(
    z.number().check(z.int(), z.nonnegative(), z.describe('Wrong tries left before the lock.')),
  ),
  lockedUntil: z.optional(
    z.iso.datetime().check(z.describe('When the lock ends (ISO 8601, UTC).')),
  ),
});
export type FailureDetail = z.infer<typeof failureDetailSchema>;

export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  detail: z.optional(failureDetailSchema),
});

export type Envelope<T> = {
  success: boolean;
  value?: T;
  message?: string;
  code?: string;
  detail?: FailureDetail;
};
