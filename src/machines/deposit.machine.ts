import { assign, fromPromise, setup } from 'xstate';
import type { DepositOrder, PaymentChannel } from '../contract/deposit.ts';
import { parseMoney } from '../contract/money.ts';
import { amountTextProblem, type AmountTextProblem } from '../contract/amount-text.ts';

/**
 * Why the amount cannot go, each with its own message: how it is written (empty, negative,
 * "1e5", not a number, more than two decimals), zero, or outside the channel's limits.
 */
export type AmountProblem =
  Exclude<AmountTextProblem, 'tooLong'> | 'zero' | 'belowMin' | 'aboveMax';

export type DepositRequest = { channelId: number; amount: string; idempotencyKey: string };

export type DepositContext = {
  channels: PaymentChannel[];
  channelId: number | null;
  /** The amount as the player typed it ("1,000.50"). */
  amountText: string;
  /** Its minor units when it parsed ("100050"), else null. */
  amount: string | null;
  amountProblem: AmountProblem | null;
  /** The key of the submit on its way, kept for a retry of the same submit. */
  idempotencyKey: string | null;
  order: DepositOrder | null;
  /** The order the gateway sent the player back for (`?depositOrder=`). */
  returnedOrderId: string | null;
  /** The error code of the last failure. */
  error: string | null;
};

export type DepositInput = { returnedOrderId?: string | null };

export type DepositEvent =
  | { type: 'user.selectChannel'; channelId: number }
  | { type: 'user.changeAmount'; amount: string }
  | { type: 'user.submit'; idempotencyKey: string }
  | { type: 'user.back' }
  | { type: 'user.retry' }
  | { type: 'user.edit' }
  | { type: 'user.submitReference'; reference: string }
  | { type: 'user.refresh' }
  | { type: 'user.again' }
  /** The real-time channel told of a settled deposit (depositArrived / depositFailed). */
  | { type: 'server.orderSettled'; orderId: string };

/** Codes after which the same submit may go again unchanged (the same key). */
const retryableCodes = ['network_error', 'timeout', 'system_error', 'payment_unavailable'];

const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'system_error';

const channelOf = (context: DepositContext) =>
  context.channels.find((channel) => channel.id === context.channelId) ?? null;

/** The amount's minor units, and what is wrong with it for the channel. */
function checkAmount(
  text: string,
  channel: PaymentChannel | null,
): { amount: string | null; problem: AmountProblem | null } {
  const written = amountTextProblem(text);
  // More digits than any limit: the channel's maximum is the message that helps.
  if (written === 'tooLong') return { amount: null, problem: 'aboveMax' };
  if (written) return { amount: null, problem: written };
  let minor: bigint;
  try {
    minor = parseMoney(text);
  } catch {
    return { amount: null, problem: 'notNumber' };
  }
  if (minor <= 0n) return { amount: null, problem: 'zero' };
  if (channel && minor < BigInt(channel.minAmount)) {
    return { amount: minor.toString(), problem: 'belowMin' };
  }
  if (channel && minor > BigInt(channel.maxAmount)) {
    return { amount: minor.toString(), problem: 'aboveMax' };
  }
  return { amount: minor.toString(), problem: null };
}

const freshForm = { channelId: null, amountText: '', amount: null, amountProblem: null };

/**
 * The deposit page (member center, depositv2): loads the channels, the player picks one and
 * enters an amount within its limits, submits; an online channel sends the player to the
 * gateway's page, a manual one shows the bank account and asks for the transfer's reference.
 * Coming back from the gateway (`returnedOrderId`) the page reads the order's result; a
 * pending one is read again when the real-time channel says it settled.
 */
export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
  },
  actors: {
    loadChannels: fromPromise<PaymentChannel[]>(async () => {
      throw new Error('loadChannels is supplied by the app');
    }),
    submitDeposit: fromPromise<DepositOrder, DepositRequest>(async () => {
      throw new Error('submitDeposit is supplied by the app');
    }),
    submitTransferReference: fromPromise<DepositOrder, { orderId: string; reference: string }>(
      async () => {
        throw new Error('submitTransferReference is supplied by the app');
      },
    ),
    loadOrder: fromPromise<DepositOrder, { orderId: string }>(async () => {
      throw new Error('loadOrder is supplied by the app');
    }),
  },
  actions: {
    /** Sends the browser to the gateway's payment page. */
    redirectToGateway: (_, _params: { url: string }) => {},
  },
  guards: {
    hasReturnedOrder: ({ context }) => context.returnedOrderId !== null,
    hasChannels: (_, params: { channels: PaymentChannel[] }) => params.channels.length > 0,
    isAmountValid: ({ context }) => context.amount !== null && context.amountProblem === null,
    isOnline: (_, params: { order: DepositOrder }) =>
      params.order.kind === 'online' && params.order.redirectUrl !== null,
    isPaid: (_, params: { order: DepositOrder }) => params.order.status === 'paid',
    isPending: (_, params: { order: DepositOrder }) => params.order.status === 'pending',
    isRetryable: ({ context }) => retryableCodes.includes(context.error ?? ''),
    isThisOrder: ({ context }, params: { orderId: string }) =>
      context.order?.orderId === params.orderId,
  },
}).createMachine({
  id: 'deposit',
  context: ({ input }) => ({
    channels: [],
    ...freshForm,
    idempotencyKey: null,
    order: null,
    returnedOrderId: input.returnedOrderId ?? null,
    error: null,
  }),
  initial: 'loadingChannels',
  states: {
    loadingChannels: {
      tags: ['busy'],
      invoke: {
        id: 'loadChannels',
        src: 'loadChannels',
        onDone: [
          {
            // Back from the gateway: the order's result first (the channels serve a new deposit).
            guard: 'hasReturnedOrder',
            target: 'checkingResult',
            actions: assign({ channels: ({ event }) => event.output, error: null }),
          },
          {
            guard: { type: 'hasChannels', params: ({ event }) => ({ channels: event.output }) },
            target: 'choosingChannel',
            actions: assign({ channels: ({ event }) => event.output, error: null }),
          },
          { target: 'noChannels', actions: assign({ channels: [], error: null }) },
        ],
        onError: {
          target: 'channelsFailed',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
    channelsFailed: {
      on: { 'user.retry': 'loadingChannels' },
    },
    noChannels: {
      on: { 'user.retry': 'loadingChannels' },
    },
    choosingChannel: {
      on: {
        'user.selectChannel': {
          target: 'editingAmount',
          actions: assign(({ context, event }) => {
            const channelId = context.channels.some((c) => c.id === event.channelId)
              ? event.channelId
              : null;
            const channel = context.channels.find((c) => c.id === channelId) ?? null;
            const checked = context.amountText
              ? checkAmount(context.amountText, channel)
              : { amount: null, problem: null };
            return { channelId, amount: checked.amount, amountProblem: checked.problem };
          }),
        },
      },
    },
    editingAmount: {
      on: {
        'user.changeAmount': {
          actions: assign(({ context, event }) => {
            const checked = checkAmount(event.amount, channelOf(context));
            return {
              amountText: event.amount,
              amount: checked.amount,
              amountProblem: checked.problem,
            };
          }),
        },
        'user.submit': [
          {
            guard: 'isAmountValid',
            target: 'submitting',
            actions: assign({ idempotencyKey: ({ event }) => event.idempotencyKey, error: null }),
          },
          {
            // Nothing typed yet: say an amount is needed.
            actions: assign({
              amountProblem: ({ context }) => context.amountProblem ?? 'empty',
            }),
          },
        ],
        'user.back': { target: 'choosingChannel', actions: assign({ channelId: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitDeposit',
        src: 'submitDeposit',
        input: ({ context }) => ({
          channelId: context.channelId ?? 0,
          amount: context.amount ?? '0',
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: [
          {
            guard: { type: 'isOnline', params: ({ event }) => ({ order: event.output }) },
            target: 'redirecting',
            actions: assign({ order: ({ event }) => event.output }),
          },
          { target: 'awaitingTransfer', actions: assign({ order: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'submitFailed',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
    submitFailed: {
      on: {
        'user.retry': { guard: 'isRetryable', target: 'submitting' },
        'user.edit': {
          target: 'editingAmount',
          actions: assign({ error: null, idempotencyKey: null }),
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      entry: {
        type: 'redirectToGateway',
        params: ({ context }) => ({ url: context.order?.redirectUrl ?? '' }),
      },
    },
    awaitingTransfer: {
      on: {
        'user.submitReference': 'submittingReference',
      },
    },
    submittingReference: {
      tags: ['busy'],
      invoke: {
        id: 'submitTransferReference',
        src: 'submitTransferReference',
        input: ({ context, event }) => ({
          orderId: context.order?.orderId ?? '',
          reference: event.type === 'user.submitReference' ? event.reference : '',
        }),
        onDone: {
          target: 'awaitingConfirmation',
          actions: assign({ order: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'awaitingTransfer',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
    awaitingConfirmation: {
      on: {
        'server.orderSettled': {
          guard: { type: 'isThisOrder', params: ({ event }) => ({ orderId: event.orderId }) },
          target: 'checkingResult',
        },
        'user.refresh': 'checkingResult',
        'user.again': { target: 'loadingChannels', actions: assign({ ...freshForm, order: null }) },
      },
    },
    checkingResult: {
      tags: ['busy'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({
          orderId: context.order?.orderId ?? context.returnedOrderId ?? '',
        }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output }) },
            target: 'paid',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
          {
            guard: { type: 'isPending', params: ({ event }) => ({ order: event.output }) },
            target: 'pendingResult',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
          {
            target: 'failed',
            actions: assign({ order: ({ event }) => event.output, error: null }),
          },
        ],
        onError: {
          target: 'resultFailed',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
    resultFailed: {
      on: {
        'user.retry': 'checkingResult',
        'user.again': {
          target: 'loadingChannels',
          actions: assign({ ...freshForm, order: null, returnedOrderId: null }),
        },
      },
    },
    pendingResult: {
      on: {
        'server.orderSettled': {
          guard: { type: 'isThisOrder', params: ({ event }) => ({ orderId: event.orderId }) },
          target: 'checkingResult',
        },
        'user.refresh': 'checkingResult',
        'user.again': {
          target: 'loadingChannels',
          actions: assign({ ...freshForm, order: null, returnedOrderId: null }),
        },
      },
    },
    paid: {
      on: {
        'user.again': {
          target: 'loadingChannels',
          actions: assign({ ...freshForm, order: null, returnedOrderId: null }),
        },
      },
    },
    failed: {
      on: {
        'user.again': {
          target: 'loadingChannels',
          actions: assign({ ...freshForm, order: null, returnedOrderId: null }),
        },
      },
    },
  },
});
