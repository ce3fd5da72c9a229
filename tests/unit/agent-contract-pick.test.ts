import { describe, expect, it } from 'vitest';
import { pickContract } from '../../src/app/agent-actors.ts';
import { contractIn } from '../../models/contract.model.ts';
import type { ContractView } from '../../src/contract/agent.ts';

const c = (
  contractId: number,
  state: ContractView['state'],
  role: ContractView['role'] = 'upline',
  downline = 'demo_agent2',
): ContractView => ({ ...contractIn(state, contractId), role, downline });

describe('pickContract (what a contract page shows after a contract event)', () => {
  it('shows an offer waiting for an answer first, then the one in force, then the newest', () => {
    const list = [c(1, 'ended'), c(2, 'active'), c(3, 'pending'), c(4, 'rejected')];
    expect(pickContract(list, 'upline', 'demo_agent2', null)?.contractId).toBe(3);
    expect(pickContract(list.slice(0, 2), 'upline', 'demo_agent2', null)?.contractId).toBe(2);
    expect(pickContract([c(1, 'ended'), c(4, 'cancelled')], 'upline', null, null)?.contractId).toBe(
      4,
    );
  });

  it("keeps to the side's own contracts and, upline, to the page's downline", () => {
    const list = [c(5, 'pending', 'downline'), c(6, 'active', 'upline', 'other_agent')];
    expect(pickContract(list, 'upline', 'demo_agent2', null)).toBeNull();
    expect(pickContract(list, 'downline', null, null)?.contractId).toBe(5);
  });
});
