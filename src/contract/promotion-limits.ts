// The activity application's limits without the promotion schemas (zod classic): the
// promotion machine reads them, and the first page must not load zod for it.

import { proofImageLimits } from './withdrawal-proof.ts';

/** Spec sections 5 and 9: the activity remark, and its images (the withdrawal proof's rule). */
export const applyLimits = {
  remarkMax: 140,
  maxImages: proofImageLimits.maxCount,
  maxBytes: proofImageLimits.maxBytes,
} as const;
