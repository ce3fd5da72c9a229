import { fromPromise } from 'xstate';
import { sniffBytes, sniffImageType, type ProofImageType } from '../contract/withdrawal-proof.ts';
import { withdrawalMachine } from '../machines/withdrawal.machine.ts';
import {
  withdrawalConfirmationMachine,
  type ProofImage,
} from '../machines/withdrawal-confirmation.machine.ts';
import type { WithdrawClient } from '../services/withdraw.service.ts';
import type { WithdrawFlows } from '../ui/member-center/withdraw/withdraw-flows.ts';

/** Each image's type by its first bytes, as the server will check it. */
async function inspect(images: ProofImage[]): Promise<(ProofImageType | null)[]> {
  return Promise.all(
    images.map(async (image) =>
      sniffImageType(new Uint8Array(await image.file.slice(0, sniffBytes).arrayBuffer())),
    ),
  );
}

/** The withdrawal flows with their effects from the withdrawal client. */
export function createWithdrawFlows(client: WithdrawClient): WithdrawFlows {
  return {
    withdrawal: withdrawalMachine.provide({
      actors: {
        loadWithdrawInfo: fromPromise(() => client.info()),
        submitBankAccount: fromPromise(({ input }) => client.bindBankAccount(input)),
        submitPaymentPassword: fromPromise(({ input }) => client.setPaymentPassword(input)),
        submitWithdrawal: fromPromise(({ input }) => client.request(input)),
      },
    }),
    confirmation: withdrawalConfirmationMachine.provide({
      actors: {
        inspectImages: fromPromise(({ input }) => inspect(input)),
        submitConfirmation: fromPromise(({ input }) =>
          client.confirm({
            withdrawalId: input.withdrawalId,
            outcome: input.outcome,
            receivedAmount: input.receivedAmount,
            images: input.images.map((image) => ({ name: image.name, file: image.file })),
          }),
        ),
      },
    }),
    newRequestKey: () => crypto.randomUUID(),
  };
}
