import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { opsPaths } from '../../src/contract/ops.ts';
import { walletPaths } from '../../src/contract/wallet.ts';
import {
  announcementListSchema,
  bannerListSchema,
  isModuleEnabled,
  moduleIds,
  registerSettingSchema,
  systemPaths,
  type ModuleNode,
} from '../../src/contract/system.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { basicAuth, testSite, call, opsHeaders, testOperator } from '../support/server.ts';
import { auditCount, createMemberSession } from '../support/server-factories.ts';

const site = testSite();

const lastAudit = async () =>
  (await site.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('operator authentication', () => {
  it('refuses calls without credentials, with a challenge', async () => {
    const reply = await call(site.app, { url: opsPaths.system });
    expect(reply.status).toBe(401);
    expect(reply.body.code).toBe('ops_unauthorized');
    expect(reply.headers['www-authenticate']).toMatch(/^Basic/);
  });

  it('refuses a wrong password and an unknown operator', async () => {
    for (const authorization of [
      basicAuth(testOperator.username, 'wrong-password'),
      basicAuth('nobody', testOperator.password),
      'Basic !!!',
    ]) {
      const reply = await call(site.app, { url: opsPaths.system, headers: { authorization } });
      expect(reply.status).toBe(401);
      expect(reply.body.code).toBe('ops_unauthorized');
    }
  });

  it('never accepts a player token', async () => {
    const { token } = await createMemberSession(site.database.db);
    const reply = await call(site.app, {
      url: opsPaths.system,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.status).toBe(401);
  });

  it('refuses mutations without credentials before reading the body, writing nothing', async () => {
    const before = await auditCount(site.database.db);
    const reply = await call(site.app, {
      method: 'PUT',
      url: opsPaths.maintenance,
      payload: { enabled: true, endTime: '2030-01-01T00:00:00Z' },
    });
    expect(reply.status).toBe(401);
    expect(await auditCount(site.database.db)).toBe(before);
  });
});

describe('operator edits show in the public calls, each audited', () => {
  it('maintenance on and off', async () => {
    const on = await call(site.app, {
      method: 'PUT',
      url: opsPaths.maintenance,
      headers: opsHeaders,
      payload: { enabled: true, endTime: '2030-01-01T08:00:00+05:30' },
    });
    expect(on.status).toBe(200);
    const status = await call<{ status: number; endTime: string }>(site.app, {
      url: systemPaths.status,
    });
    expect(status.body.value).toMatchObject({ status: 1, endTime: '2030-01-01T02:30:00.000Z' });
    expect(await lastAudit()).toMatchObject({
      actor: `operator:${testOperator.username}`,
      action: 'system.maintenance',
      before: { enabled: false, endTime: null },
      after: { enabled: true, endTime: '2030-01-01T02:30:00.000Z' },
    });
    await call(site.app, {
      method: 'PUT',
      url: opsPaths.maintenance,
      headers: opsHeaders,
      payload: { enabled: false },
    });
    expect(
      (await call<{ status: number }>(site.app, { url: systemPaths.status })).body.value?.status,
    ).toBe(0);
  });

  it('maintenance needs an end time when switched on', async () => {
    const reply = await call(site.app, {
      method: 'PUT',
      url: opsPaths.maintenance,
      headers: { ...opsHeaders, 'accept-language': 'en' },
      payload: { enabled: true },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/end time/);
  });

  it('a module switched off shows in whitelabel', async () => {
    const reply = await call<ModuleNode[]>(site.app, {
      method: 'PUT',
      url: opsPaths.module.replace(':modId', moduleIds.smsLogin),
      headers: opsHeaders,
      payload: { enabled: false },
    });
    expect(reply.status).toBe(200);
    const tree =
      (await call<ModuleNode[]>(site.app, { url: systemPaths.whitelabel })).body.value ?? [];
    expect(isModuleEnabled(tree, moduleIds.smsLogin)).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: 'module.enabled',
      target: 'module:SMSLOGIN',
    });
    const unknown = await call(site.app, {
      method: 'PUT',
      url: opsPaths.module.replace(':modId', 'NOSUCHMOD'),
      headers: opsHeaders,
      payload: { enabled: true },
    });
    expect(unknown.status).toBe(404);
  });

  it('a validator edit shows in register settings', async () => {
    const rule = {
      enabled: true,
      required: true,
      acceptedPattern: '^[a-z0-9]+$',
      patternId: 'lowercaseAlnum',
      minLength: 8,
      maxLength: 12,
    };
    const reply = await call(site.app, {
      method: 'PUT',
      url: opsPaths.validator.replace(':field', 'username'),
      headers: opsHeaders,
      payload: rule,
    });
    expect(reply.status).toBe(200);
    const setting = registerSettingSchema.parse(
      (await call(site.app, { url: systemPaths.registerSetting })).body.value,
    );
    expect(setting.validators.username).toEqual(rule);
    expect((await lastAudit())?.action).toBe('validator.update');
  });

  it('the site currency: INR with the rupee sign, the same code in the operator view and the balance call', async () => {
    const system = await call<{ settings: { currencyCode: string; currencySymbol: string } }>(
      site.app,
      { url: opsPaths.system, headers: opsHeaders },
    );
    expect(system.body.value?.settings).toMatchObject({ currencyCode: 'INR', currencySymbol: '₹' });
    const { token } = await createMemberSession(site.database.db);
    const balance = await call<{ currency: string }>(site.app, {
      url: walletPaths.balance,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(balance.body.value?.currency).toBe('INR');
  });

  it('settings change currency symbol and captcha', async () => {
    const reply = await call(site.app, {
      method: 'PUT',
      url: opsPaths.settings,
      headers: opsHeaders,
      payload: { currencySymbol: '₹', captchaEnabled: false },
    });
    expect(reply.status).toBe(200);
    const permission = await call<{
      settings: { currencySymbol: string; captchaEnabled: boolean };
    }>(site.app, { url: `${systemPaths.permission}?host=site.test` });
    expect(permission.body.value?.settings).toMatchObject({
      currencySymbol: '₹',
      captchaEnabled: false,
    });
    const bad = await call(site.app, {
      method: 'PUT',
      url: opsPaths.settings,
      headers: opsHeaders,
      payload: { languages: ['en'], defaultLanguage: 'hi' },
    });
    expect(bad.status).toBe(400);
  });

  it('banners: create, update, delete', async () => {
    const created = await call<{ bannerId: number }>(site.app, {
      method: 'POST',
      url: opsPaths.banners,
      headers: opsHeaders,
      payload: {
        url: '/media/banners/home-1.svg',
        groupName: 'home',
        linkageType: 'ROUTE',
        linkage: '/live',
        title: 'Diwali nights',
        titles: { hi: 'दिवाली की रातें', en: 'Diwali nights', bn: 'দীপাবলির রাত' },
        sortOrder: 9,
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.value?.bannerId ?? 0;
    const list = async (language: string) =>
      bannerListSchema.parse(
        (
          await call(site.app, {
            url: systemPaths.banner,
            headers: { 'accept-language': language },
          })
        ).body.value,
      );
    expect((await list('bn')).find((b) => b.bannerId === id)?.title).toBe('দীপাবলির রাত');

    const updated = await call(site.app, {
      method: 'PUT',
      url: opsPaths.banner.replace(':bannerId', String(id)),
      headers: opsHeaders,
      payload: {
        url: '/media/banners/home-2.svg',
        groupName: 'rng',
        linkageType: 'NONE',
        linkage: null,
        title: 'Holi colours',
        sortOrder: 1,
      },
    });
    expect(updated.status).toBe(200);
    expect((await list('hi')).find((b) => b.bannerId === id)).toMatchObject({
      groupName: 'rng',
      title: 'Holi colours',
    });

    const removed = await call(site.app, {
      method: 'DELETE',
      url: opsPaths.banner.replace(':bannerId', String(id)),
      headers: opsHeaders,
    });
    expect(removed.status).toBe(200);
    expect((await list('hi')).some((b) => b.bannerId === id)).toBe(false);
    expect(await lastAudit()).toMatchObject({ action: 'banner.delete', after: null });
    const again = await call(site.app, {
      method: 'DELETE',
      url: opsPaths.banner.replace(':bannerId', String(id)),
      headers: opsHeaders,
    });
    expect(again.status).toBe(404);
  });

  it('announcements: create, update, delete', async () => {
    const payload = {
      title: { hi: 'नई सूचना', en: 'New notice', bn: 'নতুন বিজ্ঞপ্তি' },
      content: { hi: 'सामग्री', en: 'Content', bn: 'বিষয়বস্তু' },
      type: 'PR',
      popup: true,
    };
    const created = await call<{ id: number }>(site.app, {
      method: 'POST',
      url: opsPaths.announcements,
      headers: opsHeaders,
      payload,
    });
    expect(created.status).toBe(200);
    const id = created.body.value?.id ?? 0;
    const read = async () =>
      announcementListSchema.parse(
        (
          await call(site.app, {
            url: `${systemPaths.announcements}?types=PR&language=en`,
          })
        ).body.value,
      );
    const withNew = await read();
    expect(withNew.popup.find((n) => n.id === id)?.title).toBe('New notice');
    expect(withNew.promotion.some((n) => n.id === id)).toBe(true);

    await call(site.app, {
      method: 'PUT',
      url: opsPaths.announcement.replace(':id', String(id)),
      headers: opsHeaders,
      payload: { ...payload, popup: false, title: { hi: 'बदली सूचना', en: 'Changed notice' } },
    });
    const changed = await read();
    expect(changed.list.find((n) => n.id === id)?.title).toBe('Changed notice');
    expect(changed.popup.some((n) => n.id === id)).toBe(false);

    await call(site.app, {
      method: 'DELETE',
      url: opsPaths.announcement.replace(':id', String(id)),
      headers: opsHeaders,
    });
    expect((await read()).list.some((n) => n.id === id)).toBe(false);
    expect((await lastAudit())?.action).toBe('announcement.delete');
  });

  it('a bad CIDR is refused with a message naming it, and nothing is written', async () => {
    const before = await auditCount(site.database.db);
    for (const language of ['hi', 'en']) {
      const reply = await call(site.app, {
        method: 'PUT',
        url: opsPaths.region,
        headers: { ...opsHeaders, 'accept-language': language },
        payload: { blockedCountries: [], blockedCidrs: ['10.0.0.0/8', '300.1.2.3/24'] },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe('bad_request');
      expect(reply.body.message).toContain('300.1.2.3/24');
    }
    const system = await call<{ region: { blockedCidrs: string[] } }>(site.app, {
      url: opsPaths.system,
      headers: opsHeaders,
    });
    expect(system.body.value?.region.blockedCidrs).toEqual([]);
    expect(await auditCount(site.database.db)).toBe(before);
  });
});
