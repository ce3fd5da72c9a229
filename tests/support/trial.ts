import type { FastifyInstance } from 'fastify';
import { identityPaths } from '../../src/contract/identity.ts';
import { encryptFor, freshIp } from './identity.ts';
import { call } from './server.ts';

/** A free-play (trial, type 4) session token, made as the app makes one. */
export async function trialToken(app: FastifyInstance): Promise<string> {
  const reply = await call<{ token: string }>(app, {
    method: 'POST',
    url: identityPaths.freePlay,
    remoteAddress: freshIp(),
    payload: {
      os: 'Linux',
      platform: 'W',
      gatewayVersion: 3,
      enc: await encryptFor(app, 'r4nd0m-str1ng-of-the-client'),
    },
  });
  const token = reply.body.value?.token;
  if (reply.status !== 200 || !token) throw new Error(`free play: ${reply.status}`);
  return token;
}
