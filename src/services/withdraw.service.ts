import { z } from 'zod';
import {
  bankAccountSchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawInfoSchema,
  withdrawPaths,
  type BindBankAccountBody,
  type ChangePaymentPasswordPayload,
  type ConfirmationOutcome,
  type SetPaymentPasswordPayload,
  type WithdrawalRequestPayload,
} from '../contract/withdrawal.ts';
import type { Encryptor } from './enc.ts';
import type { HttpClient } from './http-client.ts';

/** The withdrawal confirmation as the form sends it (multipart). */
export type ConfirmationUpload = {
  withdrawalId: number;
  outcome: ConfirmationOutcome;
  receivedAmount: string | null;
  images: { name: string; file: Blob }[];
};

/**
 * The withdrawal calls: page data, bank account binding, the payment password and requests
 * (both enc), and the confirmation with its proof images (multipart/form-data).
 */
export function createWithdrawClient(http: HttpClient, enc: Encryptor) {
  const sealed = async (payload: unknown) => ({ enc: await enc.seal(payload) });
  return {
    info: () => http.get(withdrawPaths.info, withdrawInfoSchema),
    list: () => http.get(withdrawPaths.requests, withdrawalListSchema),
    bindBankAccount: (body: BindBankAccountBody) =>
      http.post(withdrawPaths.bankAccounts, bankAccountSchema, { body }),
    setPaymentPassword: async (payload: SetPaymentPasswordPayload) =>
      http.post(withdrawPaths.paymentPassword, z.object({ paymentPasswordSet: z.boolean() }), {
        body: await sealed(payload),
      }),
    changePaymentPassword: async (payload: ChangePaymentPasswordPayload) =>
      http.put(withdrawPaths.paymentPassword, z.object({ paymentPasswordSet: z.boolean() }), {
        body: await sealed(payload),
      }),
    request: async (payload: WithdrawalRequestPayload) =>
      http.post(withdrawPaths.requests, withdrawalSchema, { body: await sealed(payload) }),
    confirm: (upload: ConfirmationUpload) => {
      const form = new FormData();
      form.set('outcome', upload.outcome);
      if (upload.receivedAmount !== null) form.set('receivedAmount', upload.receivedAmount);
      for (const image of upload.images) form.append('images', image.file, image.name);
      return http.post(
        withdrawPaths.confirm.replace(':id', String(upload.withdrawalId)),
        withdrawalSchema,
        { body: form },
      );
    },
  };
}

export type WithdrawClient = ReturnType<typeof createWithdrawClient>;
