import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  gameArtUrl,
  type OpsGame,
  type opsGameCreateSchema,
  type opsGamePatchSchema,
  type opsGameSearchSchema,
  type opsVendorStatusBodySchema,
} from '../../../contract/games.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { listVendors } from '../system/system.port.ts';
import { findGameById, fromCatalog, type CatalogRow } from './catalog.repository.ts';
import { gameVendorStatus, games } from './games.schema.ts';
import { containsPattern, searchTextOf } from './search-text.ts';

/** A catalog row as the operator sees it. */
function toOpsGame(row: CatalogRow): OpsGame {
  return {
    nodeId: row.nodeId,
    vassalage: row.vassalage,
    gameType: row.gameType,
    gameCode: row.gameCode,
    gameName: { hi: row.nameHi, en: row.nameEn, bn: row.nameBn },
    gameClassify: row.gameClassify,
    displayName: row.displayName,
    minBet: row.minBet.toString(),
    minLineNum: row.minLineNum,
    isHot: row.isHot,
    status: row.status,
    maintenance: row.gameMaintenance,
    popularity: row.popularity,
    sort: row.sort,
    imageUrl: row.imageUrl ?? gameArtUrl(row.nodeId),
  };
}

/** The operator's catalog changes: each in one transaction with its audit row. */
export function createCatalogOpsService(deps: { db: Db; clock: Clock; onChange: () => void }) {
  const { db, clock } = deps;
  const notFound = () => new AppError(404, 'not_found');
  const badRequest = () => new AppError(400, 'bad_request');

  async function audited<T>(
    operator: Operator,
    action: string,
    target: string,
    change: (tx: Db) => Promise<{ before: unknown; after: unknown; result: T }>,
  ): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const { before, after, result } = await change(tx);
      await insertAudit(tx, {
        actor: `operator:${operator.username}`,
        action,
        target,
        before,
        after,
      });
      return result;
    });
    // After commit, so no reader keeps what a rolled-back change wrote.
    deps.onChange();
    return result;
  }

  return {
    async search(query: z.output<typeof opsGameSearchSchema>) {
      const where: SQL[] = [];
      if (query.vassalage) where.push(eq(games.vassalage, query.vassalage.toUpperCase()));
      if (query.status) where.push(eq(games.status, query.status));
      if (query.gameName?.trim())
        where.push(sql`${games.searchText} like ${containsPattern(query.gameName)}`);
      const [total] = await db
        .select({ total: count() })
        .from(games)
        .where(and(...where));
      const rows = await fromCatalog(db)
        .where(and(...where))
        .orderBy(asc(games.nodeId))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize);
      const totalCount = total?.total ?? 0;
      return {
        list: rows.map(toOpsGame),
        totalCount,
        totalPages: Math.ceil(totalCount / query.pageSize),
      };
    },

    async create(operator: Operator, body: z.output<typeof opsGameCreateSchema>) {
      const vassalage = body.vassalage.toUpperCase();
      const vendor = (await listVendors(db)).find((row) => row.vassalage === vassalage);
      // A game of an unknown vendor, or in another category than its vendor's, is refused.
      if (!vendor || vendor.gameType !== body.gameType) throw badRequest();
      return audited(operator, 'game.create', `game:${vassalage}:${body.gameCode}`, async (tx) => {
        const [inserted] = await tx
          .insert(games)
          .values({
            vassalage,
            gameType: body.gameType,
            gameCode: body.gameCode,
            nameHi: body.gameName.hi,
            nameEn: body.gameName.en,
            nameBn: body.gameName.bn,
            searchText: searchTextOf(body.gameName, body.gameCode),
            gameClassify: body.gameClassify,
            displayName: body.displayName,
            minBet: BigInt(body.minBet),
            minLineNum: body.minLineNum,
            isHot: body.isHot,
            sort: body.sort,
            updatedAt: clock(),
          })
          .onConflictDoNothing()
          .returning({ nodeId: games.nodeId });
        // The vendor already has a game with this code.
        if (!inserted) throw badRequest();
        const row = await findGameById(tx, inserted.nodeId);
        if (!row) throw notFound();
        const after = toOpsGame(row);
        return { before: null, after, result: after };
      });
    },

    async update(operator: Operator, nodeId: number, patch: z.output<typeof opsGamePatchSchema>) {
      return audited(operator, 'game.update', `game:${nodeId}`, async (tx) => {
        const current = await findGameById(tx, nodeId);
        if (!current) throw notFound();
        const before = toOpsGame(current);
        const names = {
          hi: patch.gameName?.hi ?? current.nameHi,
          en: patch.gameName?.en ?? current.nameEn,
          bn: patch.gameName?.bn ?? current.nameBn,
        };
        await tx
          .update(games)
          .set({
            nameHi: names.hi,
            nameEn: names.en,
            nameBn: names.bn,
            searchText: searchTextOf(names, current.gameCode),
            ...(patch.gameClassify === undefined ? {} : { gameClassify: patch.gameClassify }),
            ...(patch.displayName === undefined ? {} : { displayName: patch.displayName }),
            ...(patch.minBet === undefined ? {} : { minBet: BigInt(patch.minBet) }),
            ...(patch.minLineNum === undefined ? {} : { minLineNum: patch.minLineNum }),
            ...(patch.isHot === undefined ? {} : { isHot: patch.isHot }),
            ...(patch.status === undefined ? {} : { status: patch.status }),
            ...(patch.maintenance === undefined ? {} : { maintenance: patch.maintenance }),
            ...(patch.sort === undefined ? {} : { sort: patch.sort }),
            updatedAt: clock(),
          })
          .where(eq(games.nodeId, nodeId));
        const row = await findGameById(tx, nodeId);
        if (!row) throw notFound();
        const after = toOpsGame(row);
        return { before, after, result: after };
      });
    },

    async setVendorStatus(
      operator: Operator,
      vassalage: string,
      body: z.output<typeof opsVendorStatusBodySchema>,
    ) {
      const code = vassalage.toUpperCase();
      if (!(await listVendors(db)).some((row) => row.vassalage === code)) throw notFound();
      return audited(operator, 'game_vendor.status', `game_vendor:${code}`, async (tx) => {
        const [current] = await tx
          .select()
          .from(gameVendorStatus)
          .where(eq(gameVendorStatus.vassalage, code));
        const before = {
          vassalage: code,
          maintenance: current?.maintenance ?? false,
          disabled: current?.disabled ?? false,
        };
        const after = {
          vassalage: code,
          maintenance: body.maintenance ?? before.maintenance,
          disabled: body.disabled ?? before.disabled,
        };
        await tx
          .insert(gameVendorStatus)
          .values({ ...after, updatedAt: clock() })
          .onConflictDoUpdate({
            target: gameVendorStatus.vassalage,
            set: {
              maintenance: after.maintenance,
              disabled: after.disabled,
              updatedAt: clock(),
            },
          });
        return { before, after, result: after };
      });
    },
  };
}

export type CatalogOpsService = ReturnType<typeof createCatalogOpsService>;
