import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCookies } from '../../src/server/platform/http/cookies.ts';

/** A Fastify app with the cookies, a route that echoes them and routes that set them. */
async function cookieApp() {
  const app = Fastify();
  registerCookies(app);
  app.get('/echo', async (request) => ({ cookies: request.cookies }));
  app.get('/set', async (_request, reply) => {
    reply.setCookie('cid', 'abc', { path: '/', httpOnly: true, maxAge: 60 });
    reply.setCookie('remember', 'r1', { path: '/wps/session', sameSite: 'strict', secure: true });
    return {};
  });
  app.get('/clear', async (_request, reply) => {
    reply.clearCookie('remember', { path: '/wps/session' });
    throw new Error('after the cookie');
  });
  await app.ready();
  return app;
}

describe('cookies without a hook', () => {
  it('parses the Cookie header when a route reads it, and gives none without one', async () => {
    const app = await cookieApp();
    const withCookies = await app.inject({
      url: '/echo',
      headers: { cookie: 'cid=abc; remember=a%20b' },
    });
    expect(withCookies.json()).toEqual({ cookies: { cid: 'abc', remember: 'a b' } });
    const without = await app.inject({ url: '/echo' });
    expect(without.json()).toEqual({ cookies: {} });
    await app.close();
  });

  it('writes one Set-Cookie line per cookie, Lax unless told otherwise', async () => {
    const app = await cookieApp();
    const reply = await app.inject({ url: '/set' });
    expect(reply.headers['set-cookie']).toEqual([
      'cid=abc; Max-Age=60; Path=/; HttpOnly; SameSite=Lax',
      'remember=r1; Path=/wps/session; Secure; SameSite=Strict',
    ]);
    await app.close();
  });

  it('ends a cookie at once, and the line stays on an error reply', async () => {
    const app = await cookieApp();
    const reply = await app.inject({ url: '/clear' });
    expect(reply.statusCode).toBe(500);
    const [cookie] = reply.cookies;
    expect(cookie).toMatchObject({ name: 'remember', value: '', path: '/wps/session', maxAge: 0 });
    expect(cookie?.expires?.getTime()).toBe(0);
    await app.close();
  });
});
