// The activity application's limits without the promotion schemas (zod classic): the
// promotion machine reads them, and the first page must not load zod for it.

/** Spec sections 5 and 9: the activity remark, and its images (as the withdrawal proof's). */
export const applyLimits = {
  remarkMax: 140,
  maxImages: 3,
  maxBytes: 5 * 1024 * 1024,
} as const;
