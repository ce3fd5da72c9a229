import type { ErrorCode } from '../../contract/envelope.ts';
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

  constructor(
    statusCode: number,
    code: ErrorCode,
    messageKey: MessageKey = code,
    vars: Record<string, string> = {},
  ) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.messageKey = messageKey;
    this.vars = vars;
  }
}
