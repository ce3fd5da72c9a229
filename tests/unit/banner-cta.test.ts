import { describe, expect, it } from 'vitest';
import { ctaOf } from '../../src/ui/layout/banner-link.tsx';

describe("a banner's call to action", () => {
  it('says what its link does', () => {
    expect(ctaOf({ linkageType: 'GAME', linkage: 'BUILTIN:slot' })).toBe('play');
    expect(ctaOf({ linkageType: 'PROMOTION', linkage: '4' })).toBe('offer');
    expect(ctaOf({ linkageType: 'URL', linkage: 'https://t.me/site' })).toBe('open');
    expect(ctaOf({ linkageType: 'ROUTE', linkage: '/pointMall' })).toBe('redeem');
    expect(ctaOf({ linkageType: 'ROUTE', linkage: '/promotions' })).toBe('offer');
    expect(ctaOf({ linkageType: 'ROUTE', linkage: '/vip' })).toBe('vip');
    expect(ctaOf({ linkageType: 'ROUTE', linkage: '/download' })).toBe('app');
    expect(ctaOf({ linkageType: 'ROUTE', linkage: '/register' })).toBe('join');
    for (const lobby of ['/rng', '/live', '/sports', '/fish', '/pvp', '/lottery', '/fbsports']) {
      expect(ctaOf({ linkageType: 'ROUTE', linkage: lobby })).toBe('play');
    }
    expect(ctaOf({ linkageType: 'ROUTE', linkage: '/help' })).toBe('more');
  });
});
