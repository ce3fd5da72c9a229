import type { TFunction } from 'i18next';
import type { ContractView } from '../../../contract/agent.ts';
import { formatDuration } from '../../../contract/locale.ts';
import type { ContractEvent, WageEvent } from '../../../contract/realtime.ts';

/** The agent namespace's `t` (the texts of src/services/i18n/locales/<lng>/agent.json). */
export type AgentT = TFunction<'agent'>;

/** The other party as the texts name it: its account, or "the site" for the house (''). */
export const partyName = (t: AgentT, account: string) => account || t('contract.house');

/**
 * A contract event's toast, from the receiver's side: "You offered X a contract" to the agent
 * who offered it, "X offered you a contract" to the one offered it.
 */
export const contractNewsText = (
  t: AgentT,
  news: Pick<ContractEvent, 'status' | 'role' | 'counterparty'>,
) => t(`news.contract.${news.status}.${news.role}`, { who: partyName(t, news.counterparty) });

/** A wage event's toast: a dividend is called a dividend, a wage a wage. */
export const wageNewsText = (
  t: AgentT,
  news: Pick<WageEvent, 'wageType' | 'amount'>,
  money: (minor: string) => string,
) =>
  t('news.wage', {
    amount: money(news.amount),
    kind: t(`kind.${news.wageType}`),
    context: news.wageType === 'dividend' ? 'dividend' : undefined,
  });

/** Where a contract stands, from `side` (a dividend's holder is paid a dividend). */
export const contractStateText = (
  t: AgentT,
  contract: Pick<ContractView, 'kind' | 'state' | 'upline' | 'downline'>,
  side: 'upline' | 'downline',
) =>
  t(`state.${contract.state}.${side}`, {
    who: side === 'upline' ? contract.downline : partyName(t, contract.upline),
    context: contract.kind === 'dividend' ? 'dividend' : undefined,
  });

/** An amount with its sign always shown: "+₹85.00", "-₹85.00", "₹0.00". */
export const signedMoney = (minor: string, money: (minor: string) => string) =>
  BigInt(minor) > 0n ? `+${money(minor)}` : money(minor);

/**
 * The sign convention of the win/loss figures (stakes less wins, the agent's side), with the
 * site's currency: "+₹85.00 means the member lost ₹85.00 to the site; -₹85.00 ... won".
 */
export const winLossNote = (t: AgentT, money: (minor: string) => string) =>
  t('profitLoss.viewNote', {
    lost: signedMoney('8500', money),
    won: money('-8500'),
    amount: money('8500'),
  });

/** That an agent's own bets earn its own contracts nothing (they count in its upline's team). */
export const ownPlayNote = (t: AgentT, upline: string | null) =>
  upline ? t('ownPlay.withUpline', { upline }) : t('ownPlay.top');

/** The real-time wage's rhythm in the page's words: "Paid every 5 minutes ..." for 300 s. */
export const realtimeNoteText = (t: AgentT, windowSeconds: number, language: string) =>
  t('contract.realtimeNote', { duration: formatDuration(windowSeconds, language) });
