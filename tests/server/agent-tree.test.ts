import { describe, expect, it } from 'vitest';
import { agentOpsPaths, agentPaths, type AgentCenter } from '../../src/contract/agent.ts';
import { moduleIds } from '../../src/contract/system.ts';
import {
  depthInTeam,
  directDownline,
  directUplineOf,
  findTeamMember,
  isInTeam,
  pathTo,
  teamSize,
  wholeTeam,
} from '../../src/server/areas/agent/tree.repository.ts';
import { treeMember, type TreeMember } from '../support/agent-tree.ts';
import { trialToken } from '../support/trial.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';

const site = testSite();
const db = () => site.database.db;

/** top -> (sub -> (subsub -> p3), p1), p2; other -> q. */
async function tree() {
  const top = await treeMember(db(), { type: 1 });
  const sub = await treeMember(db(), { type: 2, upline: top });
  const subsub = await treeMember(db(), { type: 2, upline: sub });
  const p1 = await treeMember(db(), { upline: sub });
  const p2 = await treeMember(db(), { upline: top });
  const p3 = await treeMember(db(), { upline: subsub });
  const other = await treeMember(db(), { type: 41 });
  const q = await treeMember(db(), { upline: other });
  return { top, sub, subsub, p1, p2, p3, other, q };
}
/** The house's contract of `kind` with a top agent (1 %). */
async function rootContract(agent: TreeMember, kind: 'hourly') {
  const made = await call(site.app, {
    method: 'POST',
    url: agentOpsPaths.rootContracts,
    headers: opsHeaders,
    payload: {
      agent: agent.username,
      kind,
      tiers: [{ minTurnover: '0', minNetLoss: '0', minActiveMembers: 0, rateBps: 100 }],
    },
  });
  expect(made.status).toBe(200);
}
const names = (rows: { username: string }[]) => rows.map((row) => row.username).sort();
const of = (...members: TreeMember[]) => names(members);

describe('agent tree (closure table)', () => {
  it('answers whole team, direct downline, membership, depth, upline and path at any depth', async () => {
    const t = await tree();
    expect(names(await wholeTeam(db(), t.top.id))).toEqual(of(t.sub, t.subsub, t.p1, t.p2, t.p3));
    expect(names(await directDownline(db(), t.top.id))).toEqual(of(t.sub, t.p2));
    expect(names(await directDownline(db(), t.sub.id))).toEqual(of(t.subsub, t.p1));
    expect(await teamSize(db(), t.top.id)).toBe(5);
    expect(await teamSize(db(), t.p1.id)).toBe(0);
    expect(await depthInTeam(db(), t.top.id, t.p3.id)).toBe(3);
    expect(await isInTeam(db(), t.top.id, t.q.id)).toBe(false);
    expect(await isInTeam(db(), t.sub.id, t.p2.id)).toBe(false);
    expect(await isInTeam(db(), t.top.id, t.top.id)).toBe(false);
    expect((await findTeamMember(db(), t.top.id, t.p3.username.toUpperCase()))?.depth).toBe(3);
    expect(await findTeamMember(db(), t.top.id, t.q.username)).toBeUndefined();
    expect((await directUplineOf(db(), t.p3.id))?.username).toBe(t.subsub.username);
    expect(await directUplineOf(db(), t.top.id)).toBeNull();
    expect(await pathTo(db(), t.top.id, t.p3.id)).toEqual([
      t.top.username,
      t.sub.username,
      t.subsub.username,
      t.p3.username,
    ]);
    expect(await pathTo(db(), t.sub.id, t.p2.id)).toEqual([]);
  });
});

describe('agent center', () => {
  it('answers agents their menu and upline; players, trial accounts and strangers are refused', async () => {
    const t = await tree();
    const center = await call<AgentCenter>(site.app, {
      url: agentPaths.center,
      headers: t.sub.headers,
    });
    expect(center.status).toBe(200);
    expect(center.body.value).toMatchObject({
      username: t.sub.username,
      type: 2,
      upline: t.top.username,
      // A sub-agent without contracts of its own may offer nothing yet.
      offerableKinds: [],
      realtimeWindowSeconds: expect.any(Number),
    });
    expect(center.body.value?.pages).toContain('agentRealtimeSalary');
    const top = await call<AgentCenter>(site.app, {
      url: agentPaths.center,
      headers: t.top.headers,
    });
    // A top agent offers only the kinds the house pays it (its root contracts).
    expect(top.body.value?.offerableKinds).toEqual([]);
    await rootContract(t.top, 'hourly');
    const withRoot = await call<AgentCenter>(site.app, {
      url: agentPaths.center,
      headers: t.top.headers,
    });
    expect(withRoot.body.value?.offerableKinds).toEqual(['hourly']);

    const player = await call(site.app, { url: agentPaths.center, headers: t.p1.headers });
    expect([player.status, player.body.code]).toEqual([403, 'error_not_agent']);
    const trial = await trialToken(site.app);
    const asTrial = await call(site.app, {
      url: agentPaths.center,
      headers: { authorization: `Bearer ${trial}` },
    });
    expect([asTrial.status, asTrial.body.code]).toEqual([403, 'error_not_agent']);
    const anonymous = await call(site.app, { url: agentPaths.center });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'not_logged_in']);
  });

  it('hides the page and the offer of a contract kind whose module flag is off', async () => {
    const t = await tree();
    await rootContract(t.top, 'hourly');
    const set = (enabled: boolean) =>
      call(site.app, {
        method: 'PUT',
        url: `/ops/modules/${moduleIds.hourSalary}`,
        headers: opsHeaders,
        payload: { enabled },
      });
    expect((await set(false)).status).toBe(200);
    try {
      const center = await call<AgentCenter>(site.app, {
        url: agentPaths.center,
        headers: t.top.headers,
      });
      expect(center.body.value?.pages).not.toContain('hourSalary');
      expect(center.body.value?.pages).toContain('salary');
      expect(center.body.value?.offerableKinds).not.toContain('hourly');
    } finally {
      await set(true);
    }
  });
});
