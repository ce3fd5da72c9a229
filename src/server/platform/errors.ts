import type { ErrorCode, FailureDetail } from '../../contract/envelope.ts';
import type { MessageKey } from './i18n/messages.ts';

/**
 * An expected failure with its HTTP status and stable code; the error handler translates
 * `messageKey` into the request's language.
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly messageKey: MessageKey;
  readonly vars: Record<string, string>;
  /** Sent beside the message (contract failureDetailSchema): captcha needed, tries left... */
  readonly detail: FailureDetail | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    messageKey: MessageKey = code,
    vars: Record<string, string> = {},
    detail?: FailureDetail,
  ) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.messageKey = messageKey;
    this.vars = vars;
    this.detail = detail;
  }
}
