import { describe, expect, it } from 'vitest';
import { identityPaths } from '../../src/contract/identity.ts';
import { opsPaths } from '../../src/contract/ops.ts';
import { hashPassword } from '../../src/server/areas/operator/operator-password.ts';
import { operators } from '../../src/server/areas/operator/operators.schema.ts';
import { operatorLoginLimits } from '../../src/server/areas/operator/operator.service.ts';
import { basicAuth } from '../support/server.ts';
import { twoNodes } from '../support/server-nodes.ts';

const postgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!postgres)(
  'limits across two server processes on one PostgreSQL database (needs DATABASE_URL; skipped on PGlite, which is one process)',
  () => {
    const site = twoNodes();
    /** The nodes in turn: request i goes to node i % 2. */
    const nodes = () => [site.first?.url ?? '', site.second?.url ?? ''];

    it('a rate limit is one limit: its hits on both nodes add up', async () => {
      // The trial-account call allows 10 a minute per client; a bad body still counts.
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const reply = await fetch(`${nodes()[i % 2]}${identityPaths.freePlay}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        statuses.push(reply.status);
        const body = (await reply.json()) as { success: boolean; code?: string };
        expect(body.success).toBe(false);
      }
      // Six a node: each node alone is under its limit of 10, the two together are over it.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('an operator name locked from one address by wrong passwords on both nodes is locked there on both', async () => {
      const username = 'ops-two-nodes';
      const password = 'ops-two-nodes-password';
      await site.database.db
        .insert(operators)
        .values({ username, passwordHash: await hashPassword(password) });
      const attempt = async (url: string, secret: string) => {
        const reply = await fetch(`${url}${opsPaths.system}`, {
          headers: { authorization: basicAuth(username, secret), 'accept-language': 'en' },
        });
        return { status: reply.status, body: (await reply.json()) as { code?: string } };
      };
      const statuses: number[] = [];
      for (let i = 0; i < operatorLoginLimits.pairLockAfter; i += 1) {
        statuses.push((await attempt(nodes()[i % 2] ?? '', `wrong-${i}`)).status);
      }
      expect(statuses.at(-1)).toBe(429);
      for (const url of nodes()) {
        const right = await attempt(url, password);
        expect([right.status, right.body.code]).toEqual([429, 'ops_locked']);
      }
    });
  },
);
