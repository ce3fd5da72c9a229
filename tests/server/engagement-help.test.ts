import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../src/server/platform/db/client.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import {
  affiliateApplications,
  helpArticles,
  helpFeedback,
  helpFeedbackImages,
  helpSections,
  memberAvatars,
} from '../../src/server/areas/engagement/help.schema.ts';
import { platformMessages } from '../../src/server/areas/messages/messages.schema.ts';
import type { HelpCenter } from '../../src/contract/system.ts';
import {
  helpOpsPaths,
  helpPaths,
  type AffiliateApplication,
  type Feedback,
  type PlayerAvatar,
} from '../../src/contract/help.ts';
import { messagePaths, type MessagePage } from '../../src/contract/messages.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMember, freshIp } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';

const site = testSite();
const db = (): Db => site.database.db;
let baseUrl = '';

beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
});

type Player = Awaited<ReturnType<typeof player>>;

async function player(language: 'hi' | 'en' | 'bn' = 'hi') {
  const { member } = await createMember(db(), { language });
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  return {
    member,
    token,
    remoteAddress: freshIp(),
    headers: { authorization: `Bearer ${token}` } as Record<string, string>,
  };
}

async function rowCounts() {
  const tables = [
    helpSections,
    helpArticles,
    helpFeedback,
    helpFeedbackImages,
    affiliateApplications,
    memberAvatars,
    platformMessages,
    auditLog,
  ] as const;
  const values = await Promise.all(
    tables.map(async (table) => (await db().select({ n: count() }).from(table))[0]?.n ?? 0),
  );
  return values.join('/');
}

const helpCenter = (query: string, language?: string) =>
  call<HelpCenter>(site.app, {
    url: `${helpPaths.helpCenter}${query}`,
    headers: language ? { 'accept-language': language } : {},
  });

/** A tiny valid PNG (1x1). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

type FilePart = { name?: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name ?? 'images'}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const sendFeedback = (
  p: Player,
  fields: Record<string, string>,
  files: FilePart[] = [],
  language = 'en',
) => {
  const body = multipart(fields, files);
  return call<Feedback>(site.app, {
    method: 'PUT',
    url: helpPaths.feedback,
    headers: { ...p.headers, ...body.headers, 'accept-language': language },
    remoteAddress: p.remoteAddress,
    payload: body.payload,
  });
};

const goodFeedback = {
  questionType: 'withdrawal',
  content: 'My withdrawal has been pending for two days, please check it',
};

const answer = (id: number, text: string) =>
  call<Feedback>(site.app, {
    method: 'POST',
    url: helpOpsPaths.feedbackAnswer.replace(':feedbackId', String(id)),
    headers: opsHeaders,
    payload: { answer: text },
  });

describe('help center', () => {
  it('answers the seeded sections in each language: terms first (/help#terms), the beginner guide', async () => {
    const hi = (await helpCenter('', 'hi')).body.value;
    const en = (await helpCenter('?language=en')).body.value;
    const bn = (await helpCenter('', 'bn')).body.value;
    expect(en?.sections[0]?.key).toBe('terms');
    expect(en?.sections.map((s) => s.key)).toEqual(hi?.sections.map((s) => s.key));
    const guide = (center?: HelpCenter) => center?.sections.find((s) => s.key === 'guide');
    expect(guide(en)?.title).toBe("Beginner's guide");
    expect(guide(hi)?.title).toBe('शुरुआती गाइड');
    expect(guide(bn)?.title).toBe('নতুনদের গাইড');
    expect(guide(en)?.articles.length).toBe(5);
    // The one rule of valid turnover stands in the terms, in each language (issue 34).
    const terms = (center?: HelpCenter) => center?.sections.find((s) => s.key === 'terms');
    expect(terms(en)?.articles.map((a) => a.title)).toContain('What counts as valid turnover');
    expect(terms(hi)?.articles.map((a) => a.title)).toContain('वैध टर्नओवर में क्या गिना जाता है');
    expect(terms(en)?.articles.find((a) => a.title.startsWith('What counts'))?.content).toContain(
      'counts only the bets placed after you claim it',
    );
  });

  it('searches in the database: every word, in the asked language, wildcards taken literally', async () => {
    const found = (await helpCenter('?language=en&keyword=payment%20password')).body.value;
    const articles = found?.sections.flatMap((s) => s.articles) ?? [];
    expect(articles.length).toBeGreaterThan(0);
    for (const article of articles) {
      expect(`${article.title} ${article.content}`.toLowerCase()).toContain('payment');
    }
    const hindi = (await helpCenter(`?language=hi&keyword=${encodeURIComponent('भुगतान')}`)).body
      .value;
    expect(hindi?.sections.flatMap((s) => s.articles).length).toBeGreaterThan(0);
    expect((await helpCenter('?language=en&keyword=zzqqxx')).body.value?.sections).toEqual([]);
    expect((await helpCenter('?language=en&keyword=%25')).body.value?.sections).toEqual([]);
  });

  it('refuses bad input with a translated 400', async () => {
    const bad = await helpCenter(`?language=en&keyword=${'a'.repeat(51)}`, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    expect((await helpCenter('?language=fr')).status).toBe(400);
    expect((await helpCenter('?other=1')).status).toBe(400);
  });

  it('the operator adds a section and an article in HI/EN/BN, edits and removes it (audited)', async () => {
    const before = await rowCounts();
    const unauthorized = await call(site.app, {
      method: 'PUT',
      url: helpOpsPaths.sections,
      payload: { key: 'vip', title: { hi: 'वीआईपी' } },
    });
    expect(unauthorized.status).toBe(401);
    const unknown = await call(site.app, {
      method: 'POST',
      url: helpOpsPaths.articles,
      headers: opsHeaders,
      payload: { sectionKey: 'nope', title: { hi: 'x' }, content: { hi: 'y' } },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('help_section_unknown');
    const badKey = await call(site.app, {
      method: 'PUT',
      url: helpOpsPaths.sections,
      headers: opsHeaders,
      payload: { key: 'Bad Key', title: { hi: 'x' } },
    });
    expect(badKey.status).toBe(400);
    expect(await rowCounts()).toBe(before);

    const section = await call(site.app, {
      method: 'PUT',
      url: helpOpsPaths.sections,
      headers: opsHeaders,
      payload: { key: 'vip', title: { hi: 'वीआईपी', en: 'VIP club', bn: 'ভিআইপি' }, sort: 50 },
    });
    expect(section.status).toBe(200);
    const created = await call<{ id: number }>(site.app, {
      method: 'POST',
      url: helpOpsPaths.articles,
      headers: opsHeaders,
      payload: {
        sectionKey: 'vip',
        title: { hi: 'स्तर', en: 'Levels', bn: 'স্তর' },
        content: { hi: 'ग्रेनाइट स्तर', en: 'Granite level perks', bn: 'গ্রানাইট স্তর' },
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.value?.id ?? 0;
    const en = (await helpCenter('?language=en&keyword=granite')).body.value;
    expect(en?.sections).toEqual([
      {
        key: 'vip',
        title: 'VIP club',
        articles: [{ id: String(id), title: 'Levels', content: 'Granite level perks' }],
      },
    ]);
    const edited = await call(site.app, {
      method: 'PUT',
      url: helpOpsPaths.article.replace(':articleId', String(id)),
      headers: opsHeaders,
      payload: { sectionKey: 'vip', title: { hi: 'स्तर' }, content: { hi: 'बेसाल्ट' } },
    });
    expect(edited.status).toBe(200);
    // English missing now: the Hindi text stands in.
    const fallback = (await helpCenter('?language=en&keyword=बेसाल्ट')).body.value;
    expect(fallback?.sections[0]?.articles[0]?.content).toBe('बेसाल्ट');
    const removed = await call(site.app, {
      method: 'DELETE',
      url: helpOpsPaths.article.replace(':articleId', String(id)),
      headers: opsHeaders,
    });
    expect(removed.body.value).toEqual({ deleted: true });
    const again = await call(site.app, {
      method: 'DELETE',
      url: helpOpsPaths.article.replace(':articleId', String(id)),
      headers: opsHeaders,
    });
    expect(again.status).toBe(404);
    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `help-article:${id}`));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'help.article.create',
      'help.article.delete',
      'help.article.update',
    ]);
  });
});

describe('feedback', () => {
  it('stores a feedback with a png and a jpeg (checked by content), lists it for the player and the operator', async () => {
    const p = await player('en');
    const sent = await sendFeedback(p, goodFeedback, [
      { filename: 'a.png', type: 'image/png', data: png },
      { filename: 'b.jpg', type: 'image/jpeg', data: jpeg },
    ]);
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({
      questionType: 'withdrawal',
      status: 'open',
      imageCount: 2,
      answer: null,
    });
    const mine = await call<{ list: Feedback[] }>(site.app, {
      url: helpPaths.feedback,
      headers: p.headers,
    });
    expect(mine.body.value?.list.map((f) => f.id)).toEqual([sent.body.value?.id]);
    const listed = await call<{ list: { id: number; imageIds: number[]; username: string }[] }>(
      site.app,
      { url: `${helpOpsPaths.feedback}?status=open`, headers: opsHeaders },
    );
    const row = listed.body.value?.list.find((f) => f.id === sent.body.value?.id);
    expect(row?.username).toBe(p.member.username);
    expect(row?.imageIds.length).toBe(2);
    const image = await site.app.inject({
      url: helpOpsPaths.feedbackImage
        .replace(':feedbackId', String(row?.id))
        .replace(':imageId', String(row?.imageIds[0])),
      headers: opsHeaders,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file that is not an image (whatever its name and type), writing nothing', async () => {
    const p = await player();
    const before = await rowCounts();
    const fake = await sendFeedback(p, goodFeedback, [
      { filename: 'photo.png', type: 'image/png', data: Buffer.from('<svg onload="alert(1)"/>') },
    ]);
    expect(fake.status).toBe(415);
    expect(fake.body.code).toBe('image_invalid');
    expect(fake.body.message).toBe('Only PNG or JPG images are accepted.');
    const mixed = await sendFeedback(p, goodFeedback, [
      { filename: 'a.png', type: 'image/png', data: png },
      { filename: 'b.jpg', type: 'image/jpeg', data: Buffer.from('GIF89a not a jpeg at all') },
    ]);
    expect(mixed.status).toBe(415);
    const four = await sendFeedback(
      p,
      goodFeedback,
      [1, 2, 3, 4].map((n) => ({ filename: `${n}.png`, type: 'image/png', data: png })),
    );
    expect(four.status).toBe(413);
    expect(four.body.code).toBe('too_many_images');
    const big = await sendFeedback(p, goodFeedback, [
      {
        filename: 'big.png',
        type: 'image/png',
        data: Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024 - png.length)]),
      },
    ]);
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('image_too_large');
    expect(await rowCounts()).toBe(before);
  });

  it('refuses content outside the word limits or over 140 characters with a translated 400, writing nothing', async () => {
    const p = await player();
    const before = await rowCounts();
    const short = await sendFeedback(p, { questionType: 'games', content: 'too short' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('feedback_words');
    expect(short.body.message).toBe(
      'Feedback must have between 3 and 30 words and at most 140 characters.',
    );
    const hindi = await sendFeedback(p, { questionType: 'games', content: 'छोटा' }, [], 'hi');
    expect(hindi.body.message).toContain('3 से 30 शब्द');
    const many = await sendFeedback(p, {
      questionType: 'games',
      content: Array.from({ length: 31 }, () => 'a').join(' '),
    });
    expect(many.body.code).toBe('feedback_words');
    const long = await sendFeedback(p, {
      questionType: 'games',
      content: `${'word '.repeat(20)}${'x'.repeat(60)}`,
    });
    expect(long.status).toBe(400);
    const badType = await sendFeedback(p, { ...goodFeedback, questionType: 'bribe' });
    expect(badType.status).toBe(400);
    expect(badType.body.code).toBe('bad_request');
    const extra = await sendFeedback(p, { ...goodFeedback, admin: 'yes' });
    expect(extra.status).toBe(400);
    const json = await call(site.app, {
      method: 'PUT',
      url: helpPaths.feedback,
      headers: p.headers,
      remoteAddress: p.remoteAddress,
      payload: goodFeedback,
    });
    expect(json.status).toBe(400);
    const anonymous = await call(site.app, {
      method: 'PUT',
      url: helpPaths.feedback,
      ...multipart(goodFeedback, []),
    });
    expect(anonymous.status).toBe(401);
    expect(await rowCounts()).toBe(before);
  });

  it("the operator's answer reaches the player as a platform message with an unread event, once", async () => {
    const p = await player('en');
    const client = realtimeClient(baseUrl, p.token);
    await client.connected();
    await client.next('sync');
    const sent = await sendFeedback(p, goodFeedback);
    const id = sent.body.value?.id ?? 0;

    const [first, second] = await Promise.all([
      answer(id, 'It was paid this morning.'),
      answer(id, 'Paid.'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const won = first.status === 200 ? first : second;
    const lost = first.status === 200 ? second : first;
    expect(lost.body.code).toBe('feedback_answered');
    expect(won.body.value).toMatchObject({ id, status: 'answered' });
    expect(await client.next('unread')).toMatchObject({ count: 1 });

    const messages = await call<MessagePage>(site.app, {
      url: messagePaths.list,
      headers: p.headers,
    });
    expect(messages.body.value?.content.length).toBe(1);
    expect(messages.body.value?.content[0]).toMatchObject({
      title: 'Answer to your feedback',
      broadcast: false,
      read: false,
    });
    expect(messages.body.value?.content[0]?.content).toContain(won.body.value?.answer ?? '?');
    const mine = await call<{ list: Feedback[] }>(site.app, {
      url: helpPaths.feedback,
      headers: p.headers,
    });
    expect(mine.body.value?.list[0]).toMatchObject({ status: 'answered' });
    const missing = await answer(2_000_000, 'x');
    expect(missing.status).toBe(404);
    const empty = await answer(id, '');
    expect(empty.status).toBe(400);
    client.socket.disconnect();
  });
});

describe('avatars', () => {
  it('the player picks one of the avatars the site serves', async () => {
    const p = await player();
    const first = await call<PlayerAvatar>(site.app, { url: helpPaths.avatar, headers: p.headers });
    expect(first.body.value?.current.avatarId).toBe(1);
    expect(first.body.value?.list.length).toBe(12);
    const picked = await call<PlayerAvatar>(site.app, {
      method: 'POST',
      url: helpPaths.setAvatar,
      headers: p.headers,
      payload: { avatarId: 5 },
    });
    expect(picked.body.value?.current).toEqual({ avatarId: 5, url: '/wps/avatars/5' });
    const again = await call<PlayerAvatar>(site.app, { url: helpPaths.avatar, headers: p.headers });
    expect(again.body.value?.current.avatarId).toBe(5);
    const before = await rowCounts();
    for (const avatarId of [0, 13, 1.5, '3']) {
      const bad = await call(site.app, {
        method: 'POST',
        url: helpPaths.setAvatar,
        headers: p.headers,
        payload: { avatarId },
      });
      expect(bad.status).toBe(400);
    }
    expect(await rowCounts()).toBe(before);
    const image = await site.app.inject({ url: picked.body.value?.current.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toMatch(/^<svg /);
    expect((await site.app.inject({ url: '/wps/avatars/99' })).statusCode).toBe(400);
    expect((await call(site.app, { url: helpPaths.avatar })).status).toBe(401);
  });
});

describe('affiliate application', () => {
  const form = {
    fullName: 'Ravi Kumar',
    contact: '+91 98765 43210',
    channel: 'social',
    audience: 12_000,
    message: 'I run a cricket fan page.',
  };

  it('stored once (two at once: one), listed for the operator, reviewed once', async () => {
    const p = await player();
    const none = await call<{ application: AffiliateApplication | null }>(site.app, {
      url: helpPaths.affiliateApplication,
      headers: p.headers,
    });
    expect(none.body.value?.application).toBeNull();
    const apply = () =>
      call<AffiliateApplication>(site.app, {
        method: 'POST',
        url: helpPaths.affiliateApplication,
        headers: p.headers,
        remoteAddress: p.remoteAddress,
        payload: form,
      });
    const [a, b] = await Promise.all([apply(), apply()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const stored = (a.status === 200 ? a : b).body.value;
    expect(stored).toMatchObject({ ...form, status: 'pending' });
    const rows = await db()
      .select({ n: count() })
      .from(affiliateApplications)
      .where(eq(affiliateApplications.memberId, p.member.id));
    expect(rows[0]?.n).toBe(1);

    const listed = await call<{ list: { id: number; username: string }[] }>(site.app, {
      url: `${helpOpsPaths.affiliateApplications}?status=pending`,
      headers: opsHeaders,
    });
    expect(listed.body.value?.list.find((x) => x.id === stored?.id)?.username).toBe(
      p.member.username,
    );
    const review = (decision: string) =>
      call<AffiliateApplication>(site.app, {
        method: 'POST',
        url: helpOpsPaths.affiliateReview.replace(':applicationId', String(stored?.id)),
        headers: opsHeaders,
        payload: { decision },
      });
    expect((await review('maybe')).status).toBe(400);
    expect((await review('approved')).body.value?.status).toBe('approved');
    const twice = await review('rejected');
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('affiliate_reviewed');
    const mine = await call<{ application: AffiliateApplication | null }>(site.app, {
      url: helpPaths.affiliateApplication,
      headers: p.headers,
    });
    expect(mine.body.value?.application?.status).toBe('approved');
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const p = await player();
    const before = await rowCounts();
    for (const payload of [
      { ...form, channel: 'tv' },
      { ...form, fullName: 'R' },
      { ...form, audience: -1 },
      { ...form, message: 'x'.repeat(141) },
      { ...form, extra: true },
      { ...form, fullName: 'bad\u0000name' },
    ]) {
      const bad = await call(site.app, {
        method: 'POST',
        url: helpPaths.affiliateApplication,
        headers: p.headers,
        remoteAddress: freshIp(),
        payload,
      });
      expect(bad.status).toBe(400);
    }
    expect(await rowCounts()).toBe(before);
  });
});
