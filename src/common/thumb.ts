/**
 * The smallest tap target on a phone: 44 CSS px each way (WCAG 2.5.5, Apple's 44 pt). The theme
 * (src/layout/theme.ts) sizes MUI's controls to it below 'sm'; decision 0204.
 */
export const THUMB = 44;
