import { describe, expect, it, vi } from 'vitest';
import type { ApplyBody, Promotion, PromotionClaim } from '../../src/contract/promotions.ts';
import {
  promotionMachine,
  type PromotionClaimRequest,
} from '../../src/machines/promotion.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';
import { claimIn, promotionIn } from '../../models/promotion.model.ts';

function start(promotion: Promotion) {
  const announceClaimed = vi.fn();
  const driver = driveMachine(promotionMachine, {
    held: {
      submitClaim: heldPromise<PromotionClaim, PromotionClaimRequest>(),
      submitApplication: heldPromise<PromotionClaim, ApplyBody>(),
      loadPromotion: heldPromise<Promotion, { promotionId: number }>(),
    },
    provide: { actions: { announceClaimed } },
    input: { promotion },
  });
  return { ...driver, announceClaimed };
}

describe('promotionMachine', () => {
  it('a raffle claims through the raffle call; open wagering shows issued', async () => {
    const { send, held, expectState, announceClaimed } = start(
      promotionIn('claim', { kind: 'raffle' }),
    );
    expectState('claim');
    send({ type: 'user.claim' });
    expect(held.submitClaim.calls[0]).toEqual({ promotionId: 7, raffle: true });
    await held.submitClaim.resolve(claimIn('issued', '15000'));
    expectState('issued');
    expect(announceClaimed).toHaveBeenCalledTimes(1);
  });

  it('an application carries the trimmed remark and at most 3 images', async () => {
    const { send, held, expectState, expectContext } = start(
      promotionIn('claim', { needsApproval: true }),
    );
    send({ type: 'user.claim' });
    expectState('composing');
    for (let i = 0; i < 4; i++) send({ type: 'user.addImage', image: `img${i}` });
    expectContext({ error: 'too_many_images' });
    send({ type: 'user.removeImage', index: 1 });
    send({ type: 'user.editRemark', remark: 'x'.repeat(141) });
    send({ type: 'user.submit' });
    expectContext({ error: 'remark_too_long' });
    expect(held.submitApplication.calls).toHaveLength(0);
    send({ type: 'user.editRemark', remark: '  paid by UPI  ' });
    send({ type: 'user.submit' });
    expect(held.submitApplication.calls[0]).toEqual({
      promotionId: 7,
      remark: 'paid by UPI',
      images: ['img0', 'img2'],
    });
    // Not an image: back to the form with the message, the images kept.
    await held.submitApplication.reject({ code: 'image_invalid', status: 415 });
    expectState('composing');
    expectContext({ error: 'image_invalid', images: ['img0', 'img2'] });
    send({ type: 'user.submit' });
    await held.submitApplication.resolve(claimIn('applying'));
    expectState('applying');
  });

  it('a 409 reads the promotion again', async () => {
    const { send, held, expectState } = start(promotionIn('claim'));
    send({ type: 'user.claim' });
    await held.submitClaim.reject({ code: 'promotion_already_claimed', status: 409 });
    expectState('refreshing');
    await held.loadPromotion.resolve(promotionIn('claimed'));
    expectState('claimed');
  });
});
