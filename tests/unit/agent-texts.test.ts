import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { languages, type Language } from '../../src/contract/constants.ts';
import { formatDuration } from '../../src/contract/locale.ts';
import { formatMoney } from '../../src/contract/money.ts';
import { createI18n } from '../../src/services/i18n.ts';
import {
  contractNewsText,
  contractStateText,
  ownPlayNote,
  realtimeNoteText,
  signedMoney,
  wageNewsText,
  winLossNote,
} from '../../src/ui/pages/agent/agent-texts.ts';

/**
 * Issue 34, Minor 10, 12 and 19: what the agent center says, with the real texts of each
 * language: whose act a contract change was, the real-time rhythm in minutes, a dividend called
 * a dividend, the sign of win/loss figures, and that an agent's own bets earn it nothing.
 */

const ts = new Map<Language, TFunction<'agent'>>();
beforeAll(async () => {
  for (const language of languages) {
    const i18n = await createI18n(language);
    await i18n.loadNamespaces('agent');
    ts.set(language, i18n.getFixedT(language, 'agent') as TFunction<'agent'>);
  }
});
const tOf = (language: Language) => ts.get(language)!;
const rupees = (minor: string) =>
  formatMoney(BigInt(minor), { currencyCode: 'INR', currencySymbol: '₹', locale: 'en-IN' });

describe('formatDuration: a span in the largest whole unit, in the page language', () => {
  it('says 300 seconds as 5 minutes, and keeps what is not whole minutes in seconds', () => {
    expect(formatDuration(300, 'en')).toBe('5 minutes');
    expect(formatDuration(300, 'hi')).toBe('5 मिनट');
    expect(formatDuration(300, 'bn')).toBe('5 মিনিট');
    expect(formatDuration(60, 'en')).toBe('1 minute');
    expect(formatDuration(4, 'en')).toBe('4 seconds');
    expect(formatDuration(90, 'en')).toBe('90 seconds');
    expect(formatDuration(3600, 'en')).toBe('1 hour');
  });

  it.each(languages)('%s: the real-time wage page says "every 5 minutes", never 300', (lng) => {
    const text = realtimeNoteText(tOf(lng), 300, lng);
    expect(text).toContain(formatDuration(300, lng));
    expect(text).not.toContain('300');
  });

  it('reads as a sentence in each language', () => {
    expect(realtimeNoteText(tOf('en'), 300, 'en')).toMatch(/^Paid every 5 minutes /);
    expect(realtimeNoteText(tOf('hi'), 300, 'hi')).toMatch(/^हर 5 मिनट में/);
    expect(realtimeNoteText(tOf('bn'), 300, 'bn')).toMatch(/^প্রতি 5 মিনিট অন্তর/);
  });
});

describe('contract news: told from the side of the agent who receives it', () => {
  it('tells the agent who offered that it offered, and the one offered that it was offered', () => {
    const t = tOf('en');
    const offer = { status: 'requested' as const, counterparty: 'subag5052' };
    expect(contractNewsText(t, { ...offer, role: 'upline' })).toBe(
      'You offered subag5052 a contract',
    );
    expect(contractNewsText(t, { ...offer, counterparty: 'top1', role: 'downline' })).toBe(
      'top1 offered you a contract',
    );
    expect(
      contractNewsText(t, { status: 'accepted', counterparty: 'subag5052', role: 'upline' }),
    ).toBe('subag5052 accepted your contract');
  });

  it.each(languages)('%s: the two sides read differently, and the house is "the site"', (lng) => {
    const t = tOf(lng);
    for (const status of ['requested', 'accepted', 'rejected'] as const) {
      const up = contractNewsText(t, { status, counterparty: 'x_agent', role: 'upline' });
      const down = contractNewsText(t, { status, counterparty: 'x_agent', role: 'downline' });
      expect(up, status).toContain('x_agent');
      expect(up, status).not.toBe(down);
    }
    const fromHouse = contractNewsText(t, {
      status: 'accepted',
      counterparty: '',
      role: 'downline',
    });
    expect(fromHouse).toContain(t('contract.house'));
  });
});

describe('a dividend is called a dividend', () => {
  it.each(languages)('%s: the dividend card and its toast never call it a wage', (lng) => {
    const t = tOf(lng);
    const dividend = { kind: 'dividend' as const, state: 'active' as const, upline: 'up1' };
    const wageWord = t('kind.realtime').split(' ').at(-1)!; // "wage", "वेतन", "বেতন"
    const dividendWord = t('kind.dividend').split(' ').at(-1)!; // "dividend", "लाभांश", "লভ্যাংশ"
    const card = contractStateText(t, { ...dividend, downline: 'me' }, 'downline');
    expect(card).toContain('up1');
    expect(card).toContain(dividendWord);
    expect(card).not.toContain(wageWord);
    const toast = wageNewsText(t, { wageType: 'dividend', amount: '1500' }, rupees);
    expect(toast).toContain('₹15.00');
    expect(toast.toLowerCase()).toContain(dividendWord.toLowerCase());
    expect(toast).not.toContain(wageWord);
    // A wage stays a wage.
    const wage = contractStateText(t, { ...dividend, kind: 'daily', downline: 'me' }, 'downline');
    expect(wage).toContain(wageWord);
  });
});

describe('win/loss figures: the sign and what it means', () => {
  it('shows the sign of every amount but zero', () => {
    expect(signedMoney('8500', rupees)).toBe('+₹85.00');
    expect(signedMoney('-8500', rupees)).toBe('-₹85.00');
    expect(signedMoney('0', rupees)).toBe('₹0.00');
  });

  it.each(languages)('%s: the note says which sign is a member’s win', (lng) => {
    const note = winLossNote(tOf(lng), rupees);
    expect(note).toContain('+₹85.00');
    expect(note).toContain('-₹85.00');
  });

  it('names the viewpoint in the column', () => {
    expect(tOf('en')('col.netProfitLoss')).toBe('Net win/loss (your view)');
    expect(winLossNote(tOf('en'), rupees)).toContain('-₹85.00 means the member won ₹85.00');
  });
});

describe("an agent's own bets", () => {
  it.each(languages)('%s: the pages say they earn its own contracts nothing', (lng) => {
    const t = tOf(lng);
    expect(ownPlayNote(t, 'up_agent')).toContain('up_agent');
    expect(ownPlayNote(t, null)).not.toBe(ownPlayNote(t, 'up_agent'));
  });
  it('in English', () => {
    expect(ownPlayNote(tOf('en'), null)).toBe(
      "Only your team's bets count: your own bets earn your own contracts nothing.",
    );
  });
});
