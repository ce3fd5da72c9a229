import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { humanVerificationAnswerSchema } from '../../src/contract/human-verification.ts';
import { createHttpClient } from '../../src/services/http-client.ts';
import { solveHumanVerification } from '../../src/services/human-verification.ts';
import { testSite } from '../support/server.ts';

// Each site below is the real server on a fresh embedded database.
vi.setConfig({ hookTimeout: 120_000, testTimeout: 30_000 });

/** The app's HTTP client talking to the real server over a real socket. */
function clientOf(site: { app: FastifyInstance }) {
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await site.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return () => createHttpClient({ baseUrl, getToken: () => null, getLanguage: () => 'en' });
}

describe('solveHumanVerification', () => {
  const site = testSite({ HUMAN_VERIFICATION: 'on' });
  const http = clientOf(site);

  it('answers a challenge in a form the server accepts, once', async () => {
    const answer = await solveHumanVerification(http());
    const decoded = humanVerificationAnswerSchema.parse(
      JSON.parse(Buffer.from(answer, 'base64').toString('utf8')),
    );
    expect(decoded.challenge.signature).toBeTruthy();
    const verifier = site.app.verification.humanVerification;
    await expect(verifier.verify(answer)).resolves.toBeUndefined();
    await expect(verifier.verify(answer)).rejects.toMatchObject({
      statusCode: 400,
      code: 'human_verification_failed',
    });
  });

  it('gives a different answer each time', async () => {
    const [a, b] = [await solveHumanVerification(http()), await solveHumanVerification(http())];
    expect(a).not.toBe(b);
    const verifier = site.app.verification.humanVerification;
    await expect(verifier.verify(b)).resolves.toBeUndefined();
    await expect(verifier.verify(a)).resolves.toBeUndefined();
  });

  it('stops when the caller gives up', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveHumanVerification(http(), controller.signal)).rejects.toBeTruthy();
  });
});

describe('solveHumanVerification on a site with human verification off', () => {
  const site = testSite({ HUMAN_VERIFICATION: 'off' });
  const http = clientOf(site);

  it('answers nothing, and the server asks nothing', async () => {
    const answer = await solveHumanVerification(http());
    expect(answer).toBe('');
    await expect(
      site.app.verification.humanVerification.verify(undefined),
    ).resolves.toBeUndefined();
  });
});

afterAll(() => vi.resetConfig());
