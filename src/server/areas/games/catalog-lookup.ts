import type { Language } from '../../../contract/constants.ts';
import type { GameCategory } from '../../../contract/routes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import * as repo from './catalog.repository.ts';
import type { CatalogRow } from './catalog.repository.ts';
import { maskName, nameIn } from './catalog.service.ts';

/** A game as other parts of the server need it (launch, seamless wallet, built-in provider). */
export type CatalogGame = {
  nodeId: number;
  vassalage: string;
  gameType: GameCategory;
  gameCode: string;
  gameName: Record<Language, string>;
  gameClassify: string;
  /** Smallest bet, minor units. */
  minBet: bigint;
  minLineNum: number;
  status: 'ACTIVE' | 'DISABLED';
  /** The game or its vendor is under maintenance. */
  maintenance: boolean;
  /** Shown to players: active and its vendor not disabled. */
  visible: boolean;
  /** Launchable now: visible and not under maintenance. */
  playable: boolean;
};

export function toCatalogGame(row: CatalogRow): CatalogGame {
  const visible = row.status === 'ACTIVE' && !row.vendorDisabled;
  return {
    nodeId: row.nodeId,
    vassalage: row.vassalage,
    gameType: row.gameType,
    gameCode: row.gameCode,
    gameName: { hi: row.nameHi, en: row.nameEn, bn: row.nameBn },
    gameClassify: row.gameClassify,
    minBet: row.minBet,
    minLineNum: row.minLineNum,
    status: row.status,
    maintenance: row.maintenance,
    visible,
    playable: visible && !row.maintenance,
  };
}

/** A win the winner board shows. */
export type BoardWin = {
  memberId: number | null;
  /**
   * The name when the win is of no member (`memberId` null); a member's win shows the member's
   * username, whatever is given here. Masked when stored.
   */
  memberName?: string;
  nodeId: number;
  /** Minor units, above zero. */
  amount: bigint;
  at?: Date;
};

/** Finds a game by vendor and game code (case of the vendor code ignored). */
export async function findGame(db: Db, vendor: string, gameCode: string) {
  const row = await repo.findGameByCode(db, vendor.toUpperCase(), gameCode);
  return row ? toCatalogGame(row) : null;
}

export async function findGameByNodeId(db: Db, nodeId: number) {
  if (!Number.isSafeInteger(nodeId) || nodeId < 1 || nodeId > 2_147_483_647) return null;
  const row = await repo.findGameById(db, nodeId);
  return row ? toCatalogGame(row) : null;
}

/** Records a launch: the member's recent games and the game's popularity. */
export function recordPlay(db: Db, memberId: number, nodeId: number, at: Date) {
  return repo.recordPlay(db, memberId, nodeId, at);
}

/** Puts a real win on the winner board under the winner's masked username (not for a zero win). */
export async function recordWin(db: Db, win: BoardWin, at: Date) {
  if (win.amount <= 0n) return;
  const name =
    (win.memberId !== null ? await repo.usernameOf(db, win.memberId) : undefined) ??
    win.memberName ??
    '';
  await repo.insertWin(db, {
    memberId: win.memberId,
    memberName: maskName(name),
    nodeId: win.nodeId,
    amount: win.amount,
    at: win.at ?? at,
  });
}

/**
 * The names of games by (vendor, game code) in `language`, keyed `vassalage NUL gameCode`
 * (hidden games too: a record names the game it was). One query for a page of records.
 */
export async function gameNames(
  db: Db,
  list: readonly { vassalage: string; gameCode: string }[],
  language: Language,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (list.length === 0) return names;
  for (const row of await repo.findNames(db, list)) {
    names.set(`${row.vassalage}\u0000${row.gameCode}`, nameIn(row, language));
  }
  return names;
}

/** The port object: the same functions over the app's database and clock. */
export function createGamesPort(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    findGame: (vendor: string, gameCode: string) => findGame(db, vendor, gameCode),
    findGameByNodeId: (nodeId: number) => findGameByNodeId(db, nodeId),
    recordPlay: (memberId: number, nodeId: number, tx: Db = db) =>
      recordPlay(tx, memberId, nodeId, clock()),
    recordWin: (win: BoardWin, tx: Db = db) => recordWin(tx, win, clock()),
    gameNames: (list: readonly { vassalage: string; gameCode: string }[], language: Language) =>
      gameNames(db, list, language),
    listTopWins: (options: { limit: number; since: Date; gameType?: GameCategory }) =>
      repo.listTopWins(db, options),
  };
}
