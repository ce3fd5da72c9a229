import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Operator } from '../../platform/http/auth.ts';
import type { Language } from '../../../contract/constants.ts';
import { toWireMinor } from '../../../contract/wallet.ts';
import { checkImages } from '../../platform/http/images.ts';
import {
  type ApplyBody,
  type BonusDetails,
  type OpsPromotion,
  type Promotion,
  type PromotionBody,
  type PromotionClaim,
  type PublicState,
  type RewardItem,
} from '../../../contract/promotions.ts';
import type { LedgerService } from '../wallet/wallet.port.ts';
import { getSettings } from '../system/system.port.ts';
import type { ClaimableItem, ClaimableSource } from './claimables.ts';
import type { Badges } from './badges.ts';
import {
  claimDetails,
  decideClaim,
  findClaim,
  findClaimOf,
  findImage,
  findPromotion,
  insertClaim,
  insertImages,
  listPromotions,
  promotionViews,
  unreadMessages,
  vipLevel,
  wageringHold,
  type ClaimDetail,
  type PromotionRow,
  type PromotionView,
  turnoverInWindowSql,
} from './promotions.repository.ts';
import { promotions } from './promotions.schema.ts';

export type PromotionsDeps = {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'post' | 'balance'>;
  /** The area's badge publisher (badges.ts): counts and the `badges` event after commit. */
  badges: Pick<Badges, 'counts' | 'push'>;
  timeZone: string;
  /** The members with a socket now (badges after an operator's change reach them). */
  connectedMemberIds: () => Promise<number[]>;
  /** Claimable sources of the other parts (missions, rebate) for the reward center's list. */
  sources?: ClaimableSource[];
  onPublishError?: (error: unknown) => void;
};

type Member = { id: number };

const notFound = () => new AppError(404, 'promotion_not_found');
const alreadyClaimed = () => new AppError(409, 'promotion_already_claimed');
const notClaimable = () => new AppError(409, 'promotion_not_claimable');
const claimsListLimit = 100;

/** The posting key of a promotion's credit: one per (promotion, member, period). */
export const promotionPostingKey = (promotionId: number, memberId: number, periodKey: string) =>
  `promo:${promotionId}:${memberId}:${periodKey}`;

function localized(text: { hi: string; en: string; bn: string }, language: Language): string {
  return text[language] || text.en;
}

const wire = (amount: bigint | null) => (amount === null ? null : toWireMinor(amount));

function claimOut(row: ClaimDetail, language: Language): PromotionClaim {
  const remaining = row.wageringRequired - row.wageringDone;
  return {
    id: row.id,
    promotionId: row.promotionId,
    kind: row.kind,
    title: localized(row.title, language),
    periodKey: row.periodKey,
    state: row.state,
    amount: wire(row.amount),
    remark: row.remark,
    imageCount: row.imageCount,
    rejectReason: row.rejectReason,
    wageringRequired: toWireMinor(row.state === 'issued' ? row.wageringRequired : 0n),
    wageringDone: toWireMinor(row.wageringDone),
    wageringRemaining: toWireMinor(row.state === 'issued' && remaining > 0n ? remaining : 0n),
    claimedAt: row.claimedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

function opsOut(row: PromotionRow): OpsPromotion {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    period: row.period,
    rateBps: row.rateBps,
    cap: toWireMinor(row.cap),
    minAmount: toWireMinor(row.minAmount),
    minVipLevel: row.minVipLevel,
    newPlayersOnly: row.newPlayersOnly,
    wageringMultiplier: row.wageringMultiplier,
    needsApproval: row.needsApproval,
    prizes: row.prizes,
    enabled: row.enabled,
    sort: row.sort,
  };
}

function rowValues(body: PromotionBody) {
  return {
    kind: body.kind,
    title: body.title,
    description: body.description,
    startsAt: new Date(body.startsAt),
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    period: body.period,
    rateBps: body.rateBps,
    cap: BigInt(body.cap),
    minAmount: BigInt(body.minAmount),
    minVipLevel: body.minVipLevel,
    newPlayersOnly: body.newPlayersOnly,
    wageringMultiplier: body.wageringMultiplier,
    needsApproval: body.needsApproval,
    prizes: body.prizes,
    enabled: body.enabled,
    sort: body.sort,
  };
}

/** A prize drawn by weight (a raffle's claim). */
function drawPrize(prizes: { amount: string; weight: number }[]): bigint {
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  let ticket = randomInt(total);
  for (const prize of prizes) {
    if (ticket < prize.weight) return BigInt(prize.amount);
    ticket -= prize.weight;
  }
  return BigInt(prizes.at(-1)?.amount ?? '0');
}

/**
 * Promotions: the operator's offers, each player's activity state, claims credited through the
 * ledger (one posting per promotion, member and period), applications with their images and the
 * operator's decision, the wagering a bonus still needs, the reward center, the badges and the
 * public state.
 */
export function createPromotionsService(deps: PromotionsDeps) {
  const { db, clock, ledger, timeZone } = deps;
  const { counts } = deps.badges;
  const pushBadges = (memberIds: readonly number[]) => deps.badges.push(memberIds);

  const views = (memberId: number | null, promotionId?: number) =>
    promotionViews(db, { memberId, now: clock(), timeZone, promotionId });

  async function viewOf(memberId: number, promotionId: number) {
    const promotion = await findPromotion(db, promotionId);
    if (!promotion) throw notFound();
    const [view] = await views(memberId, promotionId);
    if (!view) throw notFound();
    return { promotion, view };
  }

  function promotionOut(row: PromotionRow, view: PromotionView, language: Language): Promotion {
    return {
      id: row.id,
      kind: row.kind,
      title: localized(row.title, language),
      description: localized(row.description, language),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt?.toISOString() ?? null,
      period: row.period,
      rateBps: row.rateBps,
      cap: toWireMinor(row.cap),
      minAmount: toWireMinor(row.minAmount),
      minVipLevel: row.minVipLevel,
      wageringMultiplier: row.wageringMultiplier,
      needsApproval: row.needsApproval,
      state: view.state,
      amount: view.state === 'claim' ? wire(view.amount) : null,
      claimId: view.claimId,
    };
  }

  async function claimById(id: number, language: Language): Promise<PromotionClaim> {
    const row = await findClaim(db, id);
    if (!row) throw new AppError(404, 'not_found');
    const [detail] = (await claimDetails(db, { memberId: row.memberId }, claimsListLimit)).filter(
      (claim) => claim.id === id,
    );
    if (!detail) throw new AppError(404, 'not_found');
    return claimOut(detail, language);
  }

  /** Credits `amount` for the member's claim of the period: one posting, never two. */
  async function credit(
    member: Member,
    promotion: PromotionRow,
    view: PromotionView,
    amount: bigint,
    language: Language,
  ): Promise<PromotionClaim> {
    if (amount <= 0n) throw notClaimable();
    const now = clock();
    const key = promotionPostingKey(promotion.id, member.id, view.periodKey);
    let replayed: boolean;
    try {
      ({ replayed } = await ledger.post(
        {
          memberId: member.id,
          kind: 'bonus',
          amount,
          idempotencyKey: key,
          reference: `promotion:${promotion.id}`,
          actor: `member:${member.id}`,
        },
        async (tx, posting) => {
          const row = await insertClaim(tx, {
            promotionId: promotion.id,
            memberId: member.id,
            periodKey: view.periodKey,
            state: 'issued',
            amount,
            wageringRequired: amount * BigInt(promotion.wageringMultiplier),
            postingId: Number(posting.postingId),
            claimedAt: now,
            // Play of the claim's window before the claim is not the bonus's wagering.
            wageringBase: turnoverInWindowSql(member.id, now),
          });
          // The period's claim exists (an application, a rejection): roll the credit back.
          if (!row) throw alreadyClaimed();
          await insertAudit(tx, {
            actor: `member:${member.id}`,
            action: 'promotion.claim',
            target: `promotionClaim:${row.id}`,
            before: null,
            after: { promotionId: promotion.id, amount: toWireMinor(amount), key },
          });
        },
      ));
    } catch (error) {
      // A raffle drawn twice at once: the second draw's amount differs from the posted one.
      if (error instanceof AppError && error.code === 'idempotency_key_reused') {
        throw alreadyClaimed();
      }
      throw error;
    }
    const row = await findClaimOf(db, {
      promotionId: promotion.id,
      memberId: member.id,
      periodKey: view.periodKey,
    });
    if (!row) throw new Error(replayed ? 'replayed promotion credit without its claim' : 'lost');
    if (!replayed) void pushBadges([member.id]);
    return claimById(row.id, language);
  }

  /** This part's own sources: promotions to claim (and apply for) and raffles to draw. */
  function ownSource(kind: 'promotion' | 'raffle'): ClaimableSource {
    const fits = (view: PromotionView) =>
      view.state === 'claim' && (kind === 'raffle') === (view.kind === 'raffle');
    return {
      kind,
      count: async (_db, memberId) => (await views(memberId)).filter(fits).length,
      list: async (_db, memberId, language) => {
        const claimable = (await views(memberId)).filter(fits);
        if (claimable.length === 0) return [];
        const rows = new Map((await listPromotions(db)).map((row) => [row.id, row]));
        return claimable.map((view): ClaimableItem => ({
          kind,
          ref: String(view.id),
          amount: view.amount,
          title: localized(
            rows.get(view.id)?.title ?? { hi: '', en: '', bn: '' },
            language as Language,
          ),
        }));
      },
    };
  }
  const sources = [ownSource('promotion'), ownSource('raffle')];

  return {
    pushBadges,
    counts,

    async list(memberId: number | null, language: Language): Promise<Promotion[]> {
      const [rows, memberViews] = await Promise.all([listPromotions(db), views(memberId)]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return memberViews
        .filter((view) => byId.get(view.id)?.enabled)
        .map((view) => promotionOut(byId.get(view.id)!, view, language));
    },

    async detail(memberId: number | null, id: number, language: Language): Promise<Promotion> {
      const row = await findPromotion(db, id);
      const [view] = await views(memberId, id);
      if (!row || !row.enabled || !view) throw notFound();
      return promotionOut(row, view, language);
    },

    /** Claim now: a credit for kinds without approval (not raffles: `claimRaffle`). */
    async claim(member: Member, promotionId: number, language: Language) {
      const { promotion, view } = await viewOf(member.id, promotionId);
      if (promotion.kind === 'raffle' || promotion.needsApproval) throw notClaimable();
      if (['issued', 'claimed', 'applying', 'rejected'].includes(view.state)) {
        throw alreadyClaimed();
      }
      if (view.state !== 'claim' || view.amount === null) throw notClaimable();
      return credit(member, promotion, view, view.amount, language);
    },

    /** MCS2_claimRafflePromotion: a prize drawn by weight, credited once per period. */
    async claimRaffle(member: Member, promotionId: number, language: Language) {
      const { promotion, view } = await viewOf(member.id, promotionId);
      if (promotion.kind !== 'raffle') throw notClaimable();
      if (['issued', 'claimed'].includes(view.state)) throw alreadyClaimed();
      if (view.state !== 'claim') throw notClaimable();
      return credit(member, promotion, view, drawPrize(promotion.prizes), language);
    },

    /** Apply with a remark and images (checked by content) for an operator's approval. */
    async apply(member: Member, body: ApplyBody, language: Language): Promise<PromotionClaim> {
      const images = checkImages(body.images.map((text) => Buffer.from(text, 'base64')));
      const { promotion, view } = await viewOf(member.id, body.promotionId);
      if (!promotion.needsApproval) throw notClaimable();
      if (['issued', 'claimed', 'applying', 'rejected'].includes(view.state)) {
        throw alreadyClaimed();
      }
      if (!['claim', 'process', 'join'].includes(view.state)) throw notClaimable();
      const id = await db.transaction(async (tx) => {
        const row = await insertClaim(tx, {
          promotionId: promotion.id,
          memberId: member.id,
          periodKey: view.periodKey,
          state: 'applying',
          amount: view.amount,
          remark: body.remark,
          claimedAt: clock(),
        });
        if (!row) throw alreadyClaimed();
        await insertImages(tx, row.id, images);
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'promotion.apply',
          target: `promotionClaim:${row.id}`,
          before: null,
          after: { promotionId: promotion.id, images: images.length },
        });
        return row.id;
      });
      void pushBadges([member.id]);
      return claimById(id, language);
    },

    /** One of the member's own application images (404 for anyone else's). */
    async image(memberId: number | null, claimId: number, index: number) {
      const claim = await findClaim(db, claimId);
      if (!claim || (memberId !== null && claim.memberId !== memberId)) {
        throw new AppError(404, 'not_found');
      }
      const image = await findImage(db, claimId, index);
      if (!image) throw new AppError(404, 'not_found');
      return image;
    },

    async bonusDetails(memberId: number, language: Language): Promise<BonusDetails> {
      const [rows, hold] = await Promise.all([
        claimDetails(db, { memberId }, claimsListLimit),
        wageringHold(db, memberId),
      ]);
      return {
        list: rows.map((row) => claimOut(row, language)),
        held: toWireMinor(hold.held),
        turnoverNeeded: toWireMinor(hold.turnoverNeeded),
      };
    },

    /** rewardCenter: what every source has claimable for the member now. */
    async rewardCenter(memberId: number, language: Language): Promise<RewardItem[]> {
      const all = [...sources, ...(deps.sources ?? [])];
      const lists = await Promise.all(all.map((source) => source.list(db, memberId, language)));
      return lists.flat().map((item) => ({ ...item, amount: wire(item.amount) }));
    },

    async publicState(memberId: number): Promise<PublicState> {
      const [balance, settings, unread, level, badges, memberViews] = await Promise.all([
        ledger.balance(memberId),
        getSettings(db),
        unreadMessages(db, memberId),
        vipLevel(db, memberId),
        counts(memberId),
        views(memberId),
      ]);
      const referral = memberViews.some(
        (view) => view.kind === 'referral' && view.state === 'signed',
      );
      return {
        sumBalance: toWireMinor(balance.sumBalance),
        currencySymbol: settings.currencySymbol || 'P',
        availablePromoCount: badges.availablePromoCount,
        unreadMessage: unread,
        hasVip: level > 0,
        vipRankLevel: level,
        availablePromo: [{ type: 'REFERRAL', enabled: referral }],
        badges,
      };
    },

    // Operator.

    async opsList(): Promise<OpsPromotion[]> {
      return (await listPromotions(db)).map(opsOut);
    },

    async create(operator: Operator, body: PromotionBody): Promise<OpsPromotion> {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(promotions).values(rowValues(body)).returning();
        if (!created) throw new Error('promotion not made');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'promotion.create',
          target: `promotion:${created.id}`,
          before: null,
          after: body,
        });
        return created;
      });
      void deps.connectedMemberIds().then(pushBadges, deps.onPublishError);
      return opsOut(row);
    },

    async update(operator: Operator, id: number, body: PromotionBody): Promise<OpsPromotion> {
      const row = await db.transaction(async (tx) => {
        const before = await findPromotion(tx, id);
        if (!before) throw notFound();
        const [updated] = await tx
          .update(promotions)
          .set({ ...rowValues(body), updatedAt: clock() })
          .where(eq(promotions.id, id))
          .returning();
        if (!updated) throw notFound();
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'promotion.update',
          target: `promotion:${id}`,
          before: opsOut(before),
          after: body,
        });
        return updated;
      });
      void deps.connectedMemberIds().then(pushBadges, deps.onPublishError);
      return opsOut(row);
    },

    async applications(language: Language) {
      const rows = await claimDetails(db, { state: 'applying' }, claimsListLimit);
      return rows.map((row) => ({
        ...claimOut(row, language),
        memberId: row.memberId,
        username: row.username,
      }));
    },

    /** Approve an application: its credit (the worked-out amount, or the operator's). */
    async approve(operator: Operator, claimId: number, amountText: string | undefined) {
      const claim = await findClaim(db, claimId);
      if (!claim) throw new AppError(404, 'not_found');
      if (claim.state !== 'applying') throw new AppError(409, 'promotion_claim_state_invalid');
      const promotion = await findPromotion(db, claim.promotionId);
      if (!promotion) throw notFound();
      const amount = amountText === undefined ? claim.amount : BigInt(amountText);
      if (amount === null || amount <= 0n) throw new AppError(400, 'promotion_amount_required');
      const now = clock();
      const posted = await ledger.post(
        {
          memberId: claim.memberId,
          kind: 'bonus',
          amount,
          idempotencyKey: promotionPostingKey(promotion.id, claim.memberId, claim.periodKey),
          reference: `promotion:${promotion.id}`,
          actor: `operator:${operator.username}`,
        },
        async (tx, posting) => {
          const row = await decideClaim(tx, claimId, 'applying', {
            state: 'issued',
            amount,
            wageringRequired: amount * BigInt(promotion.wageringMultiplier),
            postingId: Number(posting.postingId),
            decidedAt: now,
            decidedBy: operator.username,
            // Wagering counts from the credit, not from the application.
            claimedAt: now,
            wageringBase: turnoverInWindowSql(claim.memberId, now),
          });
          if (!row) throw new AppError(409, 'promotion_claim_state_invalid');
          await insertAudit(tx, {
            actor: `operator:${operator.username}`,
            action: 'promotion.approve',
            target: `promotionClaim:${claimId}`,
            before: { state: 'applying' },
            after: { state: 'issued', amount: toWireMinor(amount) },
          });
        },
      );
      // Two approvals at once: both read 'applying', the second's posting is the first's
      // (same key) and replays without deciding the claim again, so it lost the race.
      if (posted.replayed) throw new AppError(409, 'promotion_claim_state_invalid');
      void pushBadges([claim.memberId]);
      return claimById(claimId, 'en');
    },

    async reject(operator: Operator, claimId: number, reason: string) {
      const now = clock();
      const memberId = await db.transaction(async (tx) => {
        const row = await decideClaim(tx, claimId, 'applying', {
          state: 'rejected',
          rejectReason: reason,
          decidedAt: now,
          decidedBy: operator.username,
        });
        if (!row) {
          const exists = await findClaim(tx, claimId);
          throw exists
            ? new AppError(409, 'promotion_claim_state_invalid')
            : new AppError(404, 'not_found');
        }
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'promotion.reject',
          target: `promotionClaim:${claimId}`,
          before: { state: 'applying' },
          after: { state: 'rejected', reason },
        });
        return row.memberId;
      });
      void pushBadges([memberId]);
      return claimById(claimId, 'en');
    },
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;
