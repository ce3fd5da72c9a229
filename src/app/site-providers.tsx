import type { ReactNode } from 'react';
import { SiteShellFlowsProvider } from '../ui/layout/site-shell-flows.ts';
import { IdentityFlowsProvider } from '../ui/identity/identity-flows.ts';
import { MemberCenterFlowsProvider } from '../ui/member-center/member-center-flows.ts';
import { RecordsFlowsProvider } from '../ui/member-center/records-flows.ts';
import { MissionsFlowsProvider } from '../ui/member-center/missions-flows.ts';
import { SecurityFlowsProvider } from '../ui/member-center/security/security-flows.ts';
import { WithdrawFlowsProvider } from '../ui/member-center/withdraw/withdraw-flows.ts';
import { DepositFlowsProvider } from '../ui/member-center/deposit-flows.ts';
import { GamesFlowsProvider } from '../ui/pages/games/games-flows.ts';
import { LotteryFlowsProvider } from '../ui/pages/lottery/lottery-flows.ts';
import { PromotionFlowsProvider } from '../ui/pages/promo/promotion-flows.ts';
import type { SiteActors } from './site-actors.ts';

/** Gives each feature its own flows context (src/ui/<feature>/*-flows.ts). */
export function SiteProviders({ actors, children }: { actors: SiteActors; children: ReactNode }) {
  return (
    <SiteShellFlowsProvider value={actors.shell}>
      <IdentityFlowsProvider value={actors.identity}>
        <MemberCenterFlowsProvider value={actors.memberCenter}>
          <RecordsFlowsProvider value={actors.records}>
            <SecurityFlowsProvider value={actors.security}>
              <WithdrawFlowsProvider value={actors.withdraw}>
                <DepositFlowsProvider value={actors.deposit}>
                  <GamesFlowsProvider value={actors.games}>
                    <LotteryFlowsProvider value={actors.lottery}>
                      <PromotionFlowsProvider value={actors.promotions}>
                        <MissionsFlowsProvider value={actors.missions}>
                          {children}
                        </MissionsFlowsProvider>
                      </PromotionFlowsProvider>
                    </LotteryFlowsProvider>
                  </GamesFlowsProvider>
                </DepositFlowsProvider>
              </WithdrawFlowsProvider>
            </SecurityFlowsProvider>
          </RecordsFlowsProvider>
        </MemberCenterFlowsProvider>
      </IdentityFlowsProvider>
    </SiteShellFlowsProvider>
  );
}
