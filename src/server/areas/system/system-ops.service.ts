import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Language } from '../../../contract/constants.ts';
import type { Banner, ModuleNode, Notice } from '../../../contract/system.ts';
import type { FieldRule, RegisterField } from '../../../contract/validation.ts';
import type {
  announcementBodySchema,
  bannerBodySchema,
  maintenanceBodySchema,
  opsSystemSchema,
  regionBodySchema,
  settingsBodySchema,
} from '../../../contract/ops.ts';
import {
  getSettings,
  getSettingsForUpdate,
  updateSettings,
  type SettingsRow,
} from './settings.repository.ts';
import { findModule, listModules, setModuleEnabled } from './modules.repository.ts';
import { findValidator, upsertValidator } from './validators.repository.ts';
import {
  deleteBanner,
  findBanner,
  insertBanner,
  listBanners,
  updateBanner,
  type BannerInsert,
} from './banners.repository.ts';
import {
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncements,
  updateAnnouncement,
  type AnnouncementInsert,
} from './announcements.repository.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { AppError } from '../../platform/errors.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { parseCidr } from '../../platform/http/region.ts';
import { buildModuleTree, toBanner, toNotice } from './system.service.ts';
import { bannerLinkageProblem, promotionHasBanner } from './banner-links.ts';
import type { Clock } from '../../platform/clock.ts';

type BannerBody = z.infer<typeof bannerBodySchema>;

/** A promotion a banner leads to stays one until the banner leads elsewhere. */
async function refuseLinkedPromotion(tx: Db, id: number): Promise<void> {
  if (await promotionHasBanner(tx, id)) throw new AppError(400, 'bad_request', 'promotion_linked');
}

/** A banner must lead somewhere real (banner-links.ts): a 400 naming the linkage otherwise. */
async function refuseDeadLinkage(tx: Db, body: BannerBody): Promise<void> {
  if (await bannerLinkageProblem(tx, body))
    throw new AppError(400, 'bad_request', 'banner_linkage_invalid', { value: body.linkage ?? '' });
}
type AnnouncementBody = z.infer<typeof announcementBodySchema>;

const systemView = (row: SettingsRow): z.infer<typeof opsSystemSchema> => ({
  maintenance: {
    enabled: row.maintenanceEnabled,
    endTime: row.maintenanceEndTime?.toISOString() ?? null,
  },
  region: { blockedCountries: row.blockedCountries, blockedCidrs: row.blockedCidrs },
  settings: {
    currencySymbol: row.currencySymbol,
    currencyCode: row.currencyCode,
    languages: row.languages,
    defaultLanguage: row.defaultLanguage,
    captchaEnabled: row.captchaEnabled,
  },
});

const bannerValues = (body: BannerBody): BannerInsert => ({
  url: body.url,
  groupName: body.groupName,
  linkageType: body.linkageType,
  linkage: body.linkage,
  title: body.titles ?? { hi: body.title, en: body.title, bn: body.title },
  sortOrder: body.sortOrder,
});

const announcementValues = (body: AnnouncementBody, now: Date): AnnouncementInsert => ({
  type: body.type,
  popup: body.popup,
  title: body.title,
  content: body.content,
  publishedAt: body.publishedAt ? new Date(body.publishedAt) : now,
});

/**
 * What an operator may change. Every change runs in one transaction with its audit row.
 */
export function createOpsService(deps: { db: Db; clock: Clock; onChange: () => void }) {
  const { db } = deps;

  /** Runs `change` in a transaction and writes its audit row there too. */
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
    // After commit, so no reader caches what a rolled-back change wrote.
    deps.onChange();
    return result;
  }

  const notFound = () => new AppError(404, 'not_found');

  return {
    async system() {
      return systemView(await getSettings(db));
    },

    setMaintenance(operator: Operator, body: z.infer<typeof maintenanceBodySchema>) {
      if (body.enabled && !body.endTime) {
        throw new AppError(400, 'bad_request', 'end_time_required');
      }
      return audited(operator, 'system.maintenance', 'system_settings', async (tx) => {
        const before = systemView(await getSettingsForUpdate(tx)).maintenance;
        const row = await updateSettings(tx, {
          maintenanceEnabled: body.enabled,
          maintenanceEndTime: body.enabled && body.endTime ? new Date(body.endTime) : null,
        });
        const result = systemView(row);
        return { before, after: result.maintenance, result };
      });
    },

    setRegion(operator: Operator, body: z.infer<typeof regionBodySchema>) {
      const cidrs = body.blockedCidrs.map((text) => {
        const cidr = parseCidr(text);
        if (!cidr || !text.includes('/')) {
          throw new AppError(400, 'bad_request', 'bad_cidr', { value: text });
        }
        return text.trim();
      });
      return audited(operator, 'system.region', 'system_settings', async (tx) => {
        const before = systemView(await getSettingsForUpdate(tx)).region;
        const row = await updateSettings(tx, {
          blockedCountries: [...new Set(body.blockedCountries)],
          blockedCidrs: [...new Set(cidrs)],
        });
        const result = systemView(row);
        return { before, after: result.region, result };
      });
    },

    updateSettings(operator: Operator, body: z.infer<typeof settingsBodySchema>) {
      return audited(operator, 'system.settings', 'system_settings', async (tx) => {
        const current = await getSettingsForUpdate(tx);
        const languages: Language[] = body.languages
          ? [...new Set(body.languages)]
          : current.languages;
        const defaultLanguage = body.defaultLanguage ?? current.defaultLanguage;
        if (!languages.includes(defaultLanguage)) {
          throw new AppError(400, 'bad_request', 'default_language_inactive');
        }
        const row = await updateSettings(tx, {
          languages,
          defaultLanguage,
          currencySymbol: body.currencySymbol ?? current.currencySymbol,
          captchaEnabled: body.captchaEnabled ?? current.captchaEnabled,
        });
        const result = systemView(row);
        return { before: systemView(current).settings, after: result.settings, result };
      });
    },

    async modules(): Promise<ModuleNode[]> {
      return buildModuleTree(await listModules(db));
    },

    async setModule(operator: Operator, modId: string, enabled: boolean): Promise<ModuleNode[]> {
      await audited(operator, 'module.enabled', `module:${modId}`, async (tx) => {
        const before = await findModule(tx, modId);
        if (!before) throw notFound();
        const after = await setModuleEnabled(tx, modId, enabled);
        return { before, after, result: undefined };
      });
      return buildModuleTree(await listModules(db));
    },

    setValidator(operator: Operator, field: RegisterField, rule: FieldRule): Promise<FieldRule> {
      return audited(operator, 'validator.update', `validator:${field}`, async (tx) => {
        const before = (await findValidator(tx, field)) ?? null;
        await upsertValidator(tx, field, rule);
        return { before, after: { field, ...rule }, result: rule };
      });
    },

    async banners(language: Language): Promise<Banner[]> {
      return (await listBanners(db)).map((row) => toBanner(row, language));
    },

    createBanner(operator: Operator, body: BannerBody, language: Language): Promise<Banner> {
      return audited(operator, 'banner.create', 'banner', async (tx) => {
        await refuseDeadLinkage(tx, body);
        const row = await insertBanner(tx, bannerValues(body));
        return { before: null, after: row, result: toBanner(row, language) };
      });
    },

    updateBanner(operator: Operator, id: number, body: BannerBody, language: Language) {
      return audited(operator, 'banner.update', `banner:${id}`, async (tx) => {
        const before = await findBanner(tx, id);
        if (!before) throw notFound();
        await refuseDeadLinkage(tx, body);
        const row = await updateBanner(tx, id, bannerValues(body));
        if (!row) throw notFound();
        return { before, after: row, result: toBanner(row, language) };
      });
    },

    deleteBanner(operator: Operator, id: number): Promise<void> {
      return audited(operator, 'banner.delete', `banner:${id}`, async (tx) => {
        const before = await deleteBanner(tx, id);
        if (!before) throw notFound();
        return { before, after: null, result: undefined };
      });
    },

    async announcements(language: Language): Promise<Notice[]> {
      return (await listAnnouncements(db)).map((row) => toNotice(row, language));
    },

    createAnnouncement(operator: Operator, body: AnnouncementBody, language: Language) {
      return audited(operator, 'announcement.create', 'announcement', async (tx) => {
        const row = await insertAnnouncement(tx, announcementValues(body, deps.clock()));
        return { before: null, after: row, result: toNotice(row, language) };
      });
    },

    updateAnnouncement(operator: Operator, id: number, body: AnnouncementBody, language: Language) {
      return audited(operator, 'announcement.update', `announcement:${id}`, async (tx) => {
        const before = await findAnnouncement(tx, id);
        if (!before) throw notFound();
        if (before.type === 'PR' && body.type !== 'PR') await refuseLinkedPromotion(tx, id);
        const values = announcementValues(body, before.publishedAt);
        const row = await updateAnnouncement(tx, id, values);
        if (!row) throw notFound();
        return { before, after: row, result: toNotice(row, language) };
      });
    },

    deleteAnnouncement(operator: Operator, id: number): Promise<void> {
      return audited(operator, 'announcement.delete', `announcement:${id}`, async (tx) => {
        await refuseLinkedPromotion(tx, id);
        const before = await deleteAnnouncement(tx, id);
        if (!before) throw notFound();
        return { before, after: null, result: undefined };
      });
    },
  };
}

export type OpsService = ReturnType<typeof createOpsService>;
