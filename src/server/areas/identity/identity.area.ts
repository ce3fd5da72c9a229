import fp from 'fastify-plugin';
import { createSessionService } from './session.service.ts';
import { createMemberService } from './member.service.ts';
import { createIdentityService } from './identity.service.ts';
import { createSecondFactorService } from './second-factor.service.ts';
import { createSocialLoginService } from './social-login.service.ts';
import { createSocialClients } from './oidc.provider.ts';
import { createRememberService } from './remember.service.ts';
import { createSecurityCenterService } from './security-center.service.ts';
import { memberRoutes } from './member.routes.ts';
import { createMemberStatusService } from './member-status.service.ts';
import { memberStatusRoutes } from './member-status.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { rememberRoutes } from './remember.routes.ts';
import { secondFactorRoutes } from './second-factor.routes.ts';
import { registerRoutes } from './register.routes.ts';
import { socialRoutes } from './social.routes.ts';
import { passwordRoutes } from './password.routes.ts';
import { securityCenterRoutes } from './security-center.routes.ts';
import { join } from 'node:path';
import { identitySeedSteps, resealTotpSecrets } from './identity.seed-steps.ts';
import { createSecretBox, developmentSecretKey } from '../../platform/keys/secret-box.ts';
import {
  demoAgentSeedStep,
  demoPlayersSeedStep,
  refuseDemoPlayerPasswords,
} from './demo-passwords.ts';

/**
 * Members and their sessions: login (password, social, second factor, remember-me), registration,
 * password changes, the security center and member info. Hands its session check to the
 * platform's guards and socket gateway (`provideMemberAuth`).
 */
export const identityArea = fp(
  async (app) => {
    const { config, clock, enc, sessionEnds, memberCache } = app;
    /** A member's row or authenticator changed: its cached sessions go, on every node. */
    const memberChanged = (memberId: number) => memberCache.membersChanged([memberId]);
    const { db } = app.database;
    const production = config.nodeEnv === 'production';
    // Production seeds no demo players, and refuses a database where one keeps its published
    // password (seeded by an earlier development start).
    await app.seed(
      production
        ? identitySeedSteps.filter(
            (step) => step.name !== demoPlayersSeedStep && step.name !== demoAgentSeedStep,
          )
        : identitySeedSteps,
    );
    if (production) await refuseDemoPlayerPasswords(db);
    const { verification, humanVerification } = app.verification;
    const sessions = createSessionService({
      db,
      clock,
      policy: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
      ends: sessionEnds,
      cache: memberCache,
    });
    app.provideMemberAuth(sessions);
    const secretBox = createSecretBox(
      config.totpKeys ?? [await developmentSecretKey(join(config.dataDir, 'dev-secret.key'))],
    );
    // Existing authenticator secrets in clear or under an older key are sealed with the
    // current one (at every start, under the start-up lock; a use does it too).
    await app.seed([resealTotpSecrets(secretBox)]);
    const secondFactor = createSecondFactorService({
      db,
      clock,
      verification,
      secretBox,
      memberChanged,
    });
    const identity = createIdentityService({
      db,
      clock,
      sessions,
      verification,
      secondFactor,
      system: app.system,
      ends: sessionEnds,
      admitSockets: (sessionId, member) =>
        app.realtime.admitSession(sessionId, member.id, member.type),
    });
    const social = createSocialLoginService({
      db,
      clock,
      sessions,
      system: app.system,
      clients: createSocialClients(config),
      publicUrl: config.publicUrl,
      log: app.log,
    });
    const remember = createRememberService({ db, clock, identity });
    const securityCenter = createSecurityCenterService({
      db,
      clock,
      verification,
      secondFactor,
      memberChanged,
    });
    const secureCookie = config.publicUrl.startsWith('https:');

    await app.register(memberRoutes, {
      members: createMemberService({ db, clock, memberChanged }),
    });
    await app.register(sessionRoutes, {
      identity,
      enc,
      humanVerification,
      remember,
      secureCookie,
    });
    await app.register(rememberRoutes, { remember, secureCookie });
    await app.register(secondFactorRoutes, {
      secondFactor,
      enc,
      openSession: (passed, context) => identity.openChallengedSession(passed, context),
    });
    await app.register(registerRoutes, { identity, enc, humanVerification });
    await app.register(socialRoutes, { social, secureCookie });
    await app.register(passwordRoutes, { identity, enc, humanVerification });
    await app.register(securityCenterRoutes, { securityCenter, enc });
    await app.register(memberStatusRoutes, {
      memberStatus: createMemberStatusService({ db, clock, ends: sessionEnds }),
    });
  },
  { name: 'identity', dependencies: ['platform', 'system', 'verification'], fastify: '5.x' },
);
