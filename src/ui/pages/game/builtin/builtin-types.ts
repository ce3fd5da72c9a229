import type {
  BuiltinPlayBody,
  BuiltinPlayReply,
  BuiltinSeeds,
  BuiltinSessionReply,
  BuiltinState,
} from '../../../../contract/builtin-games.ts';
import type { Language } from '../../../../contract/constants.ts';
import type { SnapshotFrom } from 'xstate';
import type {
  BuiltinBet,
  builtinRoundMachine,
} from '../../../../machines/builtin-round.machine.ts';
import { formatMoney } from '../../../../contract/money.ts';

/** A text of the built-in games' namespace, with {{placeholders}} filled in. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** What the pages need of the provider's API (src/app supplies it from src/services). */
export type BuiltinApi = {
  openSession(launchToken: string): Promise<BuiltinSessionReply>;
  state(token: string): Promise<BuiltinState>;
  play(token: string, body: BuiltinPlayBody): Promise<BuiltinPlayReply>;
  rotateSeeds(
    token: string,
    clientSeed?: string,
    nextServerSeedHash?: string,
  ): Promise<BuiltinSeeds>;
};

/** Where the page keeps its provider session across a reload (the launch token is single-use). */
export type SessionStore = { get(): string | null; set(token: string | null): void };

const locales: Record<Language, string> = { hi: 'hi-IN', en: 'en-IN', bn: 'bn-IN' };

/** Minor units as money in the page's language. */
export const moneyOf = (minor: string | number, currency: string, language: Language) =>
  formatMoney(BigInt(minor), { currencyCode: currency, locale: locales[language] });

/** Whether the player asked for less motion (animations then finish at once). */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export type BuiltinRoundSnapshot = SnapshotFrom<typeof builtinRoundMachine>;

/** What a game's own part needs: the round machine's snapshot and a way to play. */
export type GameViewProps = {
  t: Translate;
  snapshot: BuiltinRoundSnapshot;
  busy: boolean;
  /** The next play is a free round (points mall). */
  freeSpin: boolean;
  canPlay: (bet: BuiltinBet) => boolean;
  play: (bet: BuiltinBet) => void;
};
