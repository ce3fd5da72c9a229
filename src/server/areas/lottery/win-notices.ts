import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Language } from '../../../contract/constants.ts';
import { localeOf } from '../../../contract/locale.ts';
import { shortNumero } from '../../../contract/lottery.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { Db } from '../../platform/db/client.ts';
import { translate } from '../../platform/i18n/messages.ts';
import { members } from '../../platform/members/members.schema.ts';
import type { MemberEvent } from '../../platform/realtime/publisher.ts';
import { insertMessages, unreadCountsOf } from '../messages/messages.port.ts';
import { lotteryGames } from './lottery.schema.ts';

/**
 * The win notice of a settlement (issue 34): a member whose bets on a draw won is told, not
 * left to find a changed balance. One notice per member and draw, however many of their bets
 * won: a platform message in the member's language (written through the messages area's port,
 * in the settlement's transaction, so it exists exactly when the win was paid) and, after the
 * commit, a `notification` of kind `lotteryWon` (the app's toast) and the member's `unread`
 * count.
 */
export type WinNotice = {
  memberId: number;
  gameId: string;
  numero: string;
  /** The total won on the draw, minor units. */
  amount: string;
  /** How many of the member's bets on the draw won. */
  bets: number;
  /** The game's name in the member's language. */
  gameName: string;
};

/** What a settled bet tells the notices. */
type SettledBet = {
  memberId: number;
  gameId: string;
  numero: string;
  state: string;
  winAmount: string;
};

/** The won bets grouped per member and draw, in the order first met. */
function groupWins(bets: readonly SettledBet[]) {
  const wins = new Map<
    string,
    { memberId: number; gameId: string; numero: string; amount: bigint; bets: number }
  >();
  for (const bet of bets) {
    if (bet.state !== 'won' || BigInt(bet.winAmount) <= 0n) continue;
    const key = `${bet.memberId}|${bet.gameId}|${bet.numero}`;
    const win = wins.get(key) ?? {
      memberId: bet.memberId,
      gameId: bet.gameId,
      numero: bet.numero,
      amount: 0n,
      bets: 0,
    };
    win.amount += BigInt(bet.winAmount);
    win.bets += 1;
    wins.set(key, win);
  }
  return [...wins.values()];
}

/**
 * Writes the settlement's win messages, in its transaction, in a constant number of statements
 * (the members' languages, the games' names, one insert of every message); answers the notices
 * to announce after the commit.
 */
export async function writeWinNotices(
  tx: Db,
  bets: readonly SettledBet[],
  at: Date,
  currency: string,
): Promise<WinNotice[]> {
  const wins = groupWins(bets);
  if (wins.length === 0) return [];
  const memberIds = [...new Set(wins.map((win) => win.memberId))];
  const gameIds = [...new Set(wins.map((win) => win.gameId))];
  const [languages, names] = await Promise.all([
    tx
      .select({ id: members.id, language: members.language })
      .from(members)
      .where(inArray(members.id, memberIds)),
    tx
      .select({ gameId: lotteryGames.gameId, names: lotteryGames.names })
      .from(lotteryGames)
      .where(inArray(lotteryGames.gameId, gameIds)),
  ]);
  const languageOf = new Map(languages.map((row) => [row.id, row.language]));
  const namesOf = new Map(names.map((row) => [row.gameId, row.names]));
  const notices = wins.map((win) => {
    const language: Language = languageOf.get(win.memberId) ?? 'hi';
    const gameNames = namesOf.get(win.gameId);
    return {
      language,
      notice: {
        memberId: win.memberId,
        gameId: win.gameId,
        numero: win.numero,
        amount: win.amount.toString(),
        bets: win.bets,
        gameName: gameNames?.[language] ?? gameNames?.en ?? win.gameId,
      },
    };
  });
  await insertMessages(
    tx,
    notices.map(({ language, notice }) => ({
      memberId: notice.memberId,
      title: translate(language, 'lottery_win_title'),
      content: translate(language, 'lottery_win_text', {
        amount: formatMoney(BigInt(notice.amount), {
          currencyCode: currency,
          locale: localeOf(language),
        }),
        game: notice.gameName,
        numero: shortNumero(notice.numero),
        bets: String(notice.bets),
      }),
      sentBy: 'system:lottery',
      createdAt: at,
    })),
  );
  return notices.map(({ notice }) => notice);
}

/**
 * After the commit: each notice as the member's `notification` (kind `lotteryWon`), then each
 * member's unread count (read in one statement) as `unread`.
 */
export async function winNoticeEvents(
  db: Db,
  notices: readonly WinNotice[],
  at: Date,
): Promise<MemberEvent[]> {
  if (notices.length === 0) return [];
  const unread = await unreadCountsOf(db, [...new Set(notices.map((n) => n.memberId))]);
  return [
    ...notices.map((notice): MemberEvent => ({
      memberId: notice.memberId,
      event: {
        name: 'notification',
        payload: {
          id: randomUUID(),
          kind: 'lotteryWon',
          title: null,
          params: {
            amount: notice.amount,
            game: notice.gameName,
            numero: shortNumero(notice.numero),
            gameId: notice.gameId,
            bets: notice.bets,
          },
          createdAt: at.toISOString(),
        },
      },
    })),
    ...[...unread].map(([memberId, count]): MemberEvent => ({
      memberId,
      event: { name: 'unread', payload: { count } },
    })),
  ];
}
