import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { ContractKind } from '../../../contract/agent.ts';

/**
 * The agent center's reads (issue 15): every call is ONE statement over the closure table
 * (`agent_tree`, primary key (ancestor, depth, descendant)) joined to the rollups and the journal
 * by their member-leading indexes, whatever the size or depth of the team: no loop per member.
 * A paged call answers its page and the totals of the whole filtered range in the same statement
 * (`totals LEFT JOIN LATERAL (page)`).
 *
 * Other areas' tables (game_rollups_5m, game_bets, lottery_bets, wallets, ledger_entries, games,
 * lottery_games) are read in SQL by name, never through their schema modules: reads only, as
 * the area border allows (the settlement reads the same rollups).
 *
 * Ranges: a row counts when its time is in [start, end]; bets count by their rollup's 5-minute
 * window (a window belongs to the range its start falls in), as the wages are computed.
 */

/** Whose figures: an agent's team (its downline at any depth, plus itself when `withSelf`), or one member. */
export type Scope = { rootId: number; withSelf: boolean } | { memberId: number; depth: number };
export type Range = { start: Date; end: Date };
export type Page = { limit: number; offset: number };

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * A read over a whole team, with PostgreSQL's JIT off: its plans cost enough to trigger the
 * compiler, which took longer than the query (bench/agent-reports.bench.ts: user profit and loss
 * of 10,000 players 620 ms with JIT, 100 ms without).
 */
function teamRead(db: Db, query: SQL): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return tx.execute(query);
  });
}
const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const asDateOrNull = (value: Date | string | null): Date | null =>
  value === null ? null : asDate(value);
const iso = (date: Date) => date.toISOString();

/** The members of a scope with their depth under the agent asked about. */
function teamOf(scope: Scope): SQL {
  if ('memberId' in scope)
    return sql`SELECT ${scope.memberId}::int AS id, ${scope.depth}::int AS depth`;
  return sql`SELECT descendant_id AS id, depth FROM agent_tree
    WHERE ancestor_id = ${scope.rootId} AND depth ${scope.withSelf ? sql`>= 0` : sql`> 0`}`;
}

/** Money sums as text (bigint on the wire), 0 when nothing matched. */
const money = (expression: SQL) => sql`coalesce(${expression}, 0)::text`;

export type OverviewRow = {
  teamSize: number;
  directCount: number;
  newMembers: number;
  activeMembers: number;
  deposits: string;
  withdrawals: string;
  turnover: string;
  validTurnover: string;
  wins: string;
  netProfitLoss: string;
  teamBalance: string;
};

/**
 * Team overview of a scope in a range: sizes (downline only: depth > 0), new members, members
 * with a bet (rollups), stakes, valid turnover, wins and net loss (rollups), deposits and net
 * withdrawals (journal: withdrawals less their reversals), the main wallets' balances now.
 */
export async function overview(db: Db, scope: Scope, range: Range): Promise<OverviewRow> {
  const { start, end } = range;
  const [row] = rowsOf<OverviewRow>(
    await teamRead(
      db,
      sql`
      WITH team AS MATERIALIZED (${teamOf(scope)}),
      sizes AS (
        SELECT count(*) FILTER (WHERE t.depth > 0)::int AS team_size,
          count(*) FILTER (WHERE t.depth = 1)::int AS direct_count,
          count(*) FILTER (WHERE t.depth > 0 AND m.created_at >= ${iso(start)}
            AND m.created_at <= ${iso(end)})::int AS new_members
        FROM team t JOIN members m ON m.id = t.id
      ),
      bets AS (
        SELECT count(DISTINCT r.member_id) FILTER (WHERE r.bet_count > 0)::int AS active_members,
          ${money(sql`sum(r.stake)`)} AS turnover,
          ${money(sql`sum(r.valid_turnover)`)} AS valid_turnover,
          ${money(sql`sum(r.win)`)} AS wins,
          ${money(sql`sum(r.net_loss)`)} AS net_profit_loss
        FROM team t JOIN game_rollups_5m r ON r.member_id = t.id
          AND r.window_start >= ${iso(start)} AND r.window_start <= ${iso(end)}
      ),
      moves AS (
        SELECT ${money(sql`sum(e.amount) FILTER (WHERE e.kind = 'deposit')`)} AS deposits,
          ${money(sql`-sum(e.amount) FILTER (WHERE e.kind <> 'deposit')`)} AS withdrawals
        FROM team t JOIN wallets w ON w.member_id = t.id
          JOIN ledger_entries e ON e.wallet_id = w.id
            AND e.created_at >= ${iso(start)} AND e.created_at <= ${iso(end)}
            AND e.kind IN ('deposit', 'withdrawal', 'withdrawal_reversal')
      ),
      balances AS (
        SELECT ${money(sql`sum(w.balance)`)} AS team_balance
        FROM team t JOIN wallets w ON w.member_id = t.id AND w.kind = 'main'
      )
      SELECT s.team_size AS "teamSize", s.direct_count AS "directCount",
        s.new_members AS "newMembers", b.active_members AS "activeMembers",
        m.deposits, m.withdrawals, b.turnover, b.valid_turnover AS "validTurnover", b.wins,
        b.net_profit_loss AS "netProfitLoss", w.team_balance AS "teamBalance"
      FROM sizes s, bets b, moves m, balances w`,
    ),
  );
  if (!row) throw new Error('overview answered no row');
  return row;
}

export type DownlineRow = {
  id: number;
  username: string;
  nickname: string;
  type: number;
  depth: number;
  upline: string;
  teamSize: number;
  balance: string;
  createdAt: Date;
  lastLoginAt: Date | null;
};

type Paged<T> = { rows: T[]; total: number };

/**
 * One page of members: the direct downline of `parentId` (`depthOffset` = the parent's depth
 * under the caller, so levels count from the caller), or the caller's whole team whose account
 * starts with `search` (case-insensitive). Each with its direct upline, its own team size and
 * its main balance, computed for the page's rows only.
 */
export async function downlinePage(
  db: Db,
  query: { parentId: number; depthOffset: number } | { rootId: number; search: string },
  page: Page,
): Promise<Paged<DownlineRow>> {
  const list =
    'parentId' in query
      ? sql`SELECT t.descendant_id AS id, t.depth + ${query.depthOffset}::int AS depth
          FROM agent_tree t WHERE t.ancestor_id = ${query.parentId} AND t.depth = 1`
      : sql`SELECT t.descendant_id AS id, t.depth FROM agent_tree t
          JOIN members m ON m.id = t.descendant_id
          WHERE t.ancestor_id = ${query.rootId} AND t.depth > 0
            AND lower(m.username) LIKE ${likePrefix(query.search)} ESCAPE '\\'`;
  const rows = rowsOf<DownlineRow & { total: number }>(
    await db.execute(sql`
      WITH list AS MATERIALIZED (${list}),
      total AS (SELECT count(*)::int AS n FROM list)
      SELECT total.n AS total, p.* FROM total LEFT JOIN LATERAL (
        SELECT m.id, m.username, m.nickname, m.type, l.depth,
          coalesce(up.username, '') AS upline,
          (SELECT count(*)::int FROM agent_tree s WHERE s.ancestor_id = m.id AND s.depth > 0)
            AS "teamSize",
          ${money(sql`(SELECT sum(w.balance) FROM wallets w WHERE w.member_id = m.id AND w.kind = 'main')`)}
            AS balance,
          m.created_at AS "createdAt", m.last_login_at AS "lastLoginAt"
        FROM (
          SELECT l.id, l.depth FROM list l JOIN members o ON o.id = l.id
          ORDER BY l.depth, o.username LIMIT ${page.limit} OFFSET ${page.offset}
        ) l
        JOIN members m ON m.id = l.id
        LEFT JOIN agent_tree ut ON ut.descendant_id = m.id AND ut.depth = 1
        LEFT JOIN members up ON up.id = ut.ancestor_id
        ORDER BY l.depth, m.username
      ) p ON true`),
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        ...row,
        createdAt: asDate(row.createdAt),
        lastLoginAt: asDateOrNull(row.lastLoginAt),
      })),
  };
}

/** `text` as a LIKE prefix pattern, its wildcards taken literally. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One member's own team size and main balance. */
export async function memberFigures(db: Db, memberId: number) {
  const [row] = rowsOf<{ teamSize: number; balance: string; upline: string }>(
    await db.execute(sql`
      SELECT (SELECT count(*)::int FROM agent_tree s WHERE s.ancestor_id = ${memberId} AND s.depth > 0)
          AS "teamSize",
        ${money(sql`(SELECT sum(w.balance) FROM wallets w WHERE w.member_id = ${memberId} AND w.kind = 'main')`)}
          AS balance,
        coalesce((SELECT up.username FROM agent_tree ut JOIN members up ON up.id = ut.ancestor_id
          WHERE ut.descendant_id = ${memberId} AND ut.depth = 1), '') AS upline`),
  );
  return row ?? { teamSize: 0, balance: '0', upline: '' };
}

export type TeamBetRow = {
  betId: string;
  username: string;
  source: 'games' | 'lottery';
  /** The game's category (RNG, LIVE, ...); a lottery bet's is ELOTT, as in the betting record. */
  gameType: string;
  gameName: string;
  stake: string;
  validTurnover: string;
  win: string;
  placedAt: Date;
  settled: boolean;
};

export type Totals = Record<string, string>;

/**
 * The scope's bets in the range, newest first: seamless game bets (by placed time) and lottery
 * bets (by their time), with the game's name in `language`; totals of stake, valid turnover
 * (a lottery bet's stake unless refunded) and wins over the whole range.
 */
export async function teamBets(
  db: Db,
  scope: Scope,
  range: Range,
  page: Page,
  language: string,
): Promise<Paged<TeamBetRow> & { totals: Totals }> {
  const { start, end } = range;
  const name = (table: string) => {
    const column = language === 'en' ? 'name_en' : language === 'bn' ? 'name_bn' : 'name_hi';
    return sql.raw(`${table}.${column}`);
  };
  // Each source limited to what the page can reach before the union is sorted.
  const reach = page.offset + page.limit;
  const rows = rowsOf<TeamBetRow & { n: number; tStake: string; tValid: string; tWin: string }>(
    await teamRead(
      db,
      sql`
      WITH team AS MATERIALIZED (${teamOf(scope)}),
      totals AS (
        SELECT coalesce(sum(n), 0)::int AS n, ${money(sql`sum(stake)`)} AS t_stake,
          ${money(sql`sum(valid)`)} AS t_valid, ${money(sql`sum(win)`)} AS t_win
        FROM (
          SELECT count(*) AS n, sum(b.stake) AS stake, sum(b.valid_turnover) AS valid,
            sum(b.win) AS win
          FROM team t JOIN game_bets b ON b.member_id = t.id
            AND b.placed_at >= ${iso(start)} AND b.placed_at <= ${iso(end)}
          UNION ALL
          SELECT count(*), sum(b.stake),
            sum(b.stake) FILTER (WHERE b.state <> 'refunded'), sum(b.win_amount)
          FROM team t JOIN lottery_bets b ON b.member_id = t.id
            AND b.created_at >= ${iso(start)} AND b.created_at <= ${iso(end)}
        ) s
      )
      SELECT totals.n, totals.t_stake AS "tStake", totals.t_valid AS "tValid",
        totals.t_win AS "tWin", p.*
      FROM totals LEFT JOIN LATERAL (
        SELECT u."betId", m.username, u.source, u."gameType", u."gameName", u.stake::text AS stake,
          u.valid::text AS "validTurnover", u.win::text AS win, u."placedAt", u.settled
        FROM (
          (SELECT 'games:' || b.id AS "betId", b.member_id, 'games' AS source,
            b.game_type AS "gameType", coalesce(${name('g')}, b.game_code) AS "gameName", b.stake, b.valid_turnover AS valid,
            b.win, b.placed_at AS "placedAt", b.status <> 'open' AS settled, b.id AS seq
          FROM team t JOIN game_bets b ON b.member_id = t.id
            AND b.placed_at >= ${iso(start)} AND b.placed_at <= ${iso(end)}
            LEFT JOIN games g ON g.node_id = b.node_id
          ORDER BY b.placed_at DESC, b.id DESC LIMIT ${reach})
          UNION ALL
          (SELECT 'lottery:' || b.id, b.member_id, 'lottery', 'ELOTT',
            coalesce(lg.names ->> ${language}, b.game_id) || ' ' || b.numero, b.stake,
            CASE WHEN b.state = 'refunded' THEN 0 ELSE b.stake END, b.win_amount, b.created_at,
            b.state <> 'open', b.id
          FROM team t JOIN lottery_bets b ON b.member_id = t.id
            AND b.created_at >= ${iso(start)} AND b.created_at <= ${iso(end)}
            LEFT JOIN lottery_games lg ON lg.game_id = b.game_id
          ORDER BY b.created_at DESC, b.id DESC LIMIT ${reach})
        ) u JOIN members m ON m.id = u.member_id
        ORDER BY u."placedAt" DESC, u.source, u.seq DESC
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) p ON true`,
    ),
  );
  const first = rows[0];
  return {
    total: first?.n ?? 0,
    totals: {
      stake: first?.tStake ?? '0',
      validTurnover: first?.tValid ?? '0',
      win: first?.tWin ?? '0',
    },
    rows: rows
      .filter((row) => row.betId !== null)
      .map(
        ({
          betId,
          username,
          source,
          gameType,
          gameName,
          stake,
          validTurnover,
          win,
          placedAt,
          settled,
        }) => ({
          betId,
          username,
          source,
          gameType,
          gameName,
          stake,
          validTurnover,
          win,
          placedAt: asDate(placedAt),
          settled,
        }),
      ),
  };
}

export type ProfitLossRow = {
  username: string;
  depth: number;
  turnover: string;
  validTurnover: string;
  wins: string;
  netProfitLoss: string;
  deposits: string;
  withdrawals: string;
  wages: string;
};

const profitLossFields = [
  'turnover',
  'validTurnover',
  'wins',
  'netProfitLoss',
  'deposits',
  'withdrawals',
  'wages',
] as const;

/**
 * Profit and loss per member of the scope in the range: the members with a bet, a deposit or
 * withdrawal, or a wage in it, by turnover (then level, account); their totals over all of them.
 */
export async function profitLoss(
  db: Db,
  scope: Scope,
  range: Range,
  page: Page,
): Promise<Paged<ProfitLossRow> & { totals: Totals }> {
  const { start, end } = range;
  const sums = profitLossFields.map(
    (field) => sql`${money(sql`sum(${sql.identifier(field)})`)} AS ${sql.identifier(`t_${field}`)}`,
  );
  const rows = rowsOf<ProfitLossRow & { n: number } & Record<`t_${string}`, string>>(
    await teamRead(
      db,
      sql`
      WITH team AS MATERIALIZED (${teamOf(scope)}),
      bets AS (
        SELECT r.member_id AS id, sum(r.stake) AS turnover, sum(r.valid_turnover) AS valid,
          sum(r.win) AS wins, sum(r.net_loss) AS net
        FROM team t JOIN game_rollups_5m r ON r.member_id = t.id
          AND r.window_start >= ${iso(start)} AND r.window_start <= ${iso(end)}
        GROUP BY r.member_id
      ),
      moves AS (
        SELECT w.member_id AS id, sum(e.amount) FILTER (WHERE e.kind = 'deposit') AS deposits,
          -sum(e.amount) FILTER (WHERE e.kind <> 'deposit') AS withdrawals
        FROM team t JOIN wallets w ON w.member_id = t.id
          JOIN ledger_entries e ON e.wallet_id = w.id
            AND e.created_at >= ${iso(start)} AND e.created_at <= ${iso(end)}
            AND e.kind IN ('deposit', 'withdrawal', 'withdrawal_reversal')
        GROUP BY w.member_id
      ),
      wages AS (
        SELECT a.payee_id AS id, sum(a.amount) AS wages
        FROM team t JOIN agent_wages a ON a.payee_id = t.id
          AND a.settled_at >= ${iso(start)} AND a.settled_at <= ${iso(end)}
        GROUP BY a.payee_id
      ),
      rows AS MATERIALIZED (
        SELECT t.id, t.depth, coalesce(b.turnover, 0) AS "turnover",
          coalesce(b.valid, 0) AS "validTurnover", coalesce(b.wins, 0) AS "wins",
          coalesce(b.net, 0) AS "netProfitLoss", coalesce(mv.deposits, 0) AS "deposits",
          coalesce(mv.withdrawals, 0) AS "withdrawals", coalesce(wg.wages, 0) AS "wages"
        FROM team t LEFT JOIN bets b ON b.id = t.id LEFT JOIN moves mv ON mv.id = t.id
          LEFT JOIN wages wg ON wg.id = t.id
        WHERE b.id IS NOT NULL OR mv.id IS NOT NULL OR wg.id IS NOT NULL
      ),
      totals AS (SELECT count(*)::int AS n, ${sql.join(sums, sql`, `)} FROM rows)
      SELECT totals.*, p.* FROM totals LEFT JOIN LATERAL (
        SELECT m.username, r.depth, r."turnover"::text AS "turnover",
          r."validTurnover"::text AS "validTurnover", r."wins"::text AS "wins",
          r."netProfitLoss"::text AS "netProfitLoss", r."deposits"::text AS "deposits",
          r."withdrawals"::text AS "withdrawals", r."wages"::text AS "wages"
        FROM rows r JOIN members m ON m.id = r.id
        ORDER BY r."turnover" DESC, r.depth, m.username
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) p ON true`,
    ),
  );
  const first = rows[0];
  const totals: Totals = {};
  for (const field of profitLossFields) totals[field] = first?.[`t_${field}`] ?? '0';
  return {
    total: first?.n ?? 0,
    totals,
    rows: rows
      .filter((row) => row.username !== null)
      .map((row) => ({
        username: row.username,
        depth: row.depth,
        turnover: row.turnover,
        validTurnover: row.validTurnover,
        wins: row.wins,
        netProfitLoss: row.netProfitLoss,
        deposits: row.deposits,
        withdrawals: row.withdrawals,
        wages: row.wages,
      })),
  };
}

export type IncomeRow = {
  contractId: number;
  kind: ContractKind;
  direction: 'received' | 'paid';
  counterparty: string | null;
  periodStart: Date;
  periodEnd: Date;
  base: string;
  rateBps: number;
  amount: string;
  settledAt: Date;
};

/**
 * The agent's wages and dividends settled in the range, received (as payee) and paid (as payer),
 * newest first (only those with `counterpartyId` when given); totals received and paid.
 * Counterparty null: the house (the service answers '', as contracts name it).
 */
export async function income(
  db: Db,
  agentId: number,
  range: Range,
  page: Page,
  counterpartyId?: number,
): Promise<Paged<IncomeRow> & { totals: Totals }> {
  const { start, end } = range;
  const only =
    counterpartyId === undefined ? sql`` : sql`AND ${counterpartyId} IN (a.payee_id, a.payer_id)`;
  const rows = rowsOf<IncomeRow & { n: number; tReceived: string; tPaid: string }>(
    await db.execute(sql`
      WITH mine AS MATERIALIZED (
        SELECT a.*, CASE WHEN a.payee_id = ${agentId} THEN 'received' ELSE 'paid' END AS direction
        FROM agent_wages a
        WHERE (a.payee_id = ${agentId} OR a.payer_id = ${agentId})
          AND a.settled_at >= ${iso(start)} AND a.settled_at <= ${iso(end)} ${only}
      ),
      totals AS (
        SELECT count(*)::int AS n,
          ${money(sql`sum(amount) FILTER (WHERE direction = 'received')`)} AS t_received,
          ${money(sql`sum(amount) FILTER (WHERE direction = 'paid')`)} AS t_paid
        FROM mine
      )
      SELECT totals.n, totals.t_received AS "tReceived", totals.t_paid AS "tPaid", p.*
      FROM totals LEFT JOIN LATERAL (
        SELECT w.contract_id AS "contractId", w.kind, w.direction, o.username AS counterparty,
          w.period_start AS "periodStart", w.period_end AS "periodEnd", w.base::text AS base,
          w.rate_bps AS "rateBps", w.amount::text AS amount, w.settled_at AS "settledAt"
        FROM mine w
          LEFT JOIN members o ON o.id = CASE WHEN w.direction = 'received' THEN w.payer_id
            ELSE w.payee_id END
        ORDER BY w.settled_at DESC, w.period_start DESC, w.contract_id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) p ON true`),
  );
  const first = rows[0];
  return {
    total: first?.n ?? 0,
    totals: { received: first?.tReceived ?? '0', paid: first?.tPaid ?? '0' },
    rows: rows
      .filter((row) => row.contractId !== null)
      .map((row) => ({
        contractId: row.contractId,
        kind: row.kind,
        direction: row.direction,
        counterparty: row.counterparty,
        periodStart: asDate(row.periodStart),
        periodEnd: asDate(row.periodEnd),
        base: row.base,
        rateBps: row.rateBps,
        amount: row.amount,
        settledAt: asDate(row.settledAt),
      })),
  };
}

export type TransactionRow = {
  entryId: string;
  username: string;
  kind: string;
  walletKind: string;
  amount: string;
  createdAt: Date;
};

/**
 * The journal entries of the scope's wallets in the range, newest first; totals of what came in
 * and went out (a member's moves between its own wallets count in neither).
 */
export async function transactions(
  db: Db,
  scope: Scope,
  range: Range,
  page: Page,
): Promise<Paged<TransactionRow> & { totals: Totals }> {
  const { start, end } = range;
  const rows = rowsOf<TransactionRow & { n: number; tIn: string; tOut: string }>(
    await teamRead(
      db,
      sql`
      WITH team AS MATERIALIZED (${teamOf(scope)}),
      entries AS MATERIALIZED (
        SELECT e.id, e.posting_id, e.kind, e.amount, e.created_at, w.member_id, w.kind AS wallet_kind
        FROM team t JOIN wallets w ON w.member_id = t.id
          JOIN ledger_entries e ON e.wallet_id = w.id
            AND e.created_at >= ${iso(start)} AND e.created_at <= ${iso(end)}
      ),
      totals AS (
        SELECT count(*)::int AS n,
          ${money(sql`sum(x.amount) FILTER (WHERE x.amount > 0 AND NOT x.own)`)} AS t_in,
          ${money(sql`sum(x.amount) FILTER (WHERE x.amount < 0 AND NOT x.own)`)} AS t_out
        FROM (
          SELECT e.amount, EXISTS (
            SELECT 1 FROM ledger_entries o JOIN wallets ow ON ow.id = o.wallet_id
            WHERE o.posting_id = e.posting_id AND o.id <> e.id AND ow.member_id = e.member_id
          ) AS own
          FROM entries e
        ) x
      )
      SELECT totals.n, totals.t_in AS "tIn", totals.t_out AS "tOut", p.*
      FROM totals LEFT JOIN LATERAL (
        SELECT e.id::text AS "entryId", m.username, e.kind, e.wallet_kind AS "walletKind",
          e.amount::text AS amount, e.created_at AS "createdAt"
        FROM entries e JOIN members m ON m.id = e.member_id
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) p ON true`,
    ),
  );
  const first = rows[0];
  return {
    total: first?.n ?? 0,
    totals: { totalIn: first?.tIn ?? '0', totalOut: first?.tOut ?? '0' },
    rows: rows
      .filter((row) => row.entryId !== null)
      .map((row) => ({
        entryId: row.entryId,
        username: row.username,
        kind: row.kind,
        walletKind: row.walletKind,
        amount: row.amount,
        createdAt: asDate(row.createdAt),
      })),
  };
}

export type AnnouncementRow = {
  id: number;
  title: Record<string, string>;
  content: Record<string, string>;
  createdAt: Date;
};

/** The announcements for agents, newest first. */
export async function announcements(db: Db, page: Page): Promise<Paged<AnnouncementRow>> {
  const rows = rowsOf<AnnouncementRow & { n: number }>(
    await db.execute(sql`
      WITH totals AS (SELECT count(*)::int AS n FROM agent_announcements)
      SELECT totals.n, p.* FROM totals LEFT JOIN LATERAL (
        SELECT a.id, a.title, a.content, a.created_at AS "createdAt"
        FROM agent_announcements a ORDER BY a.created_at DESC, a.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) p ON true`),
  );
  return {
    total: rows[0]?.n ?? 0,
    rows: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id,
        title: row.title,
        content: row.content,
        createdAt: asDate(row.createdAt),
      })),
  };
}
