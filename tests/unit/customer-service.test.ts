import { describe, expect, it } from 'vitest';
import { customerServiceChannel } from '../../src/contract/customer-service.ts';

const urls = {
  liveChatUrl: 'https://chat.example/live',
  vipServiceUrl: 'https://chat.example/vip',
};

describe('customerServiceChannel: VIP service above rank level 4, else live chat', () => {
  it.each([
    [null, 'liveChat'],
    [0, 'liveChat'],
    [4, 'liveChat'],
    [5, 'vip'],
    [9, 'vip'],
  ] as const)('rank %s opens %s', (rank, kind) => {
    const channel = customerServiceChannel(urls, rank);
    expect(channel?.kind).toBe(kind);
    expect(channel?.url).toBe(kind === 'vip' ? urls.vipServiceUrl : urls.liveChatUrl);
  });

  it('sends a high rank to live chat where the site has no VIP address, null with neither', () => {
    expect(customerServiceChannel({ ...urls, vipServiceUrl: '' }, 7)).toEqual({
      kind: 'liveChat',
      url: urls.liveChatUrl,
    });
    expect(customerServiceChannel({ liveChatUrl: null, vipServiceUrl: null }, 2)).toBeNull();
  });
});
