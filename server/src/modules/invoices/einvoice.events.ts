export const ZATCA_TOPICS = {
  /** E-invoice documents or the onboarding changed (signed, answered by ZATCA, resubmitted, renewed). */
  changed: 'ZATCA_CHANGED',
} as const;
