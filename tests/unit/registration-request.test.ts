import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import type { LoginResult } from '../../src/contract/identity.ts';
import type { RegistrationInput } from '../../src/machines/registration.machine.ts';
import type { systemStatusMachine } from '../../src/machines/system-status.machine.ts';
import { createIdentityActors } from '../../src/app/identity-actors.ts';
import type { IdentityService, SessionStore } from '../../src/services/identity.service.ts';
import type { SystemService } from '../../src/services/system.service.ts';
import type { SocialLoginClient } from '../../src/services/social-login.ts';
import { byUsername, model, registrationValidators } from '../../models/registration.model.ts';

const registered: LoginResult = {
  token: null,
  firstTimeLogin: false,
  passwordExpired: false,
  previousLoginAt: null,
  challenge: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The app's registration flow opened from `/register?referralCode=<code>` (the code handed to
 * the machine as the register form does), with an identity service whose affiliate check answers
 * `agentCodes`; answers the payloads that reached `identity.register`.
 */
async function registerFrom(code: string, agentCodes: string[] = []) {
  const search = `?referralCode=${encodeURIComponent(code)}`;
  vi.stubGlobal('window', { location: { href: `http://site.test/register${search}`, search } });
  const register = vi.fn<IdentityService['register']>(async () => registered);
  const identity: Pick<IdentityService, 'checkAffiliate' | 'register' | 'memberInfo'> = {
    checkAffiliate: async (checked) => ({ valid: agentCodes.includes(checked) }),
    register,
    memberInfo: async () => {
      throw new Error('offline');
    },
  };
  const sessionStore: Pick<SessionStore, 'token' | 'cpw'> = { token: () => null, cpw: () => false };
  const { flows } = createIdentityActors({
    identity: identity as IdentityService,
    system: {} as SystemService,
    sessionStore: sessionStore as SessionStore,
    systemStatus: {
      getSnapshot: () => ({ context: { permission: null } }),
    } as unknown as ActorRefFrom<typeof systemStatusMachine>,
    host: 'site.test',
    social: {} as SocialLoginClient,
    humanVerification: async () => 'altcha-payload',
    navigate: () => {},
  });
  const input: RegistrationInput = {
    ...(model.input as RegistrationInput),
    validators: registrationValidators,
    mobileRegistration: false,
    urlAffiliateCode: new URLSearchParams(search).get('referralCode'),
  };
  const actor = createActor((await flows.formFlows()).registration, { input }).start();
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'user.submit', form: byUsername });
  await waitFor(actor, (s) => s.status === 'done');
  return register.mock.calls.map(([payload]) => payload);
}

describe('the registration request from a register link', () => {
  it("carries a player's referral code as referralCode, with no affiliate code", async () => {
    const [payload, ...more] = await registerFrom('P1A2B3');
    expect(more).toEqual([]);
    expect(payload).toMatchObject({ username: 'player01', referralCode: 'P1A2B3' });
    expect(payload).not.toHaveProperty('affiliateCode');
  });

  it("carries an agent's invitation code as affiliateCode, with no referral code", async () => {
    const [payload] = await registerFrom('AG1234', ['AG1234']);
    expect(payload).toMatchObject({ username: 'player01', affiliateCode: 'AG1234' });
    expect(payload).not.toHaveProperty('referralCode');
  });
});
