/**
 * Namespaces loaded with every page: texts shared by all screens, the layout's, and the pages'
 * (the build preloads the default language's, scripts/preload-texts.ts).
 */
export const namespaces = [
  'common',
  'layout',
  'pages',
  'validation',
  'identity',
  'member-center',
] as const;
export type Namespace = (typeof namespaces)[number];
