import { moduleIds } from '../../../contract/system.ts';
import { gameCategories } from '../../../contract/routes.ts';

export type ModuleSeed = { modId: string; enabled: boolean; children?: ModuleSeed[] };

const on = (modId: string, children?: ModuleSeed[]): ModuleSeed => ({
  modId,
  enabled: true,
  children,
});
const off = (modId: string): ModuleSeed => ({ modId, enabled: false });

/** Every flag the spec names; login-before-home is off so visitors can browse. */
export const moduleSeed: ModuleSeed[] = [
  on(moduleIds.register, [
    on(moduleIds.directRegistration),
    on(moduleIds.usernameRegistration),
    on(moduleIds.mobileRegistration),
    on(moduleIds.mobileWithPassword),
    on(moduleIds.registerSmsVerification),
  ]),
  on(moduleIds.login, [
    off(moduleIds.loginBeforeHome),
    on(moduleIds.smsLogin),
    on(moduleIds.freePlay),
    on(moduleIds.forcePasswordChange),
    on(moduleIds.passwordExpiry),
    on(moduleIds.forgetByMobile),
    on(moduleIds.facebookLogin),
    on(moduleIds.googleLogin),
  ]),
  on(moduleIds.member, [on(moduleIds.toUpline), on(moduleIds.pointMall), on(moduleIds.vip)]),
  on(moduleIds.agent, [
    on(moduleIds.enableCt),
    on(moduleIds.salary),
    on(moduleIds.hourSalary),
    on(moduleIds.agentRealtimeSalary),
  ]),
  on(
    moduleIds.games,
    gameCategories.map((category) => on(category)),
  ),
];
