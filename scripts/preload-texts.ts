import type { Plugin } from 'vite';
import { constants } from '../src/contract/constants.ts';
import { namespaces } from '../src/services/i18n/namespaces.ts';

/**
 * The page's texts load beside the first page's script, not after it (issue 35). i18next asks
 * for each namespace of the visitor's language once the entry script has run (a dynamic
 * import per file, src/services/i18n.ts), which on a phone over mobile data put them, and the
 * first paint, a whole script download later. The site's default language is the one most
 * visitors read: its text chunks are modulepreloaded by the built page, so they arrive with
 * the script; another language's, and the namespaces of later screens, still load as asked.
 */
export function preloadDefaultTexts(language: string = constants.defaultLanguage): Plugin {
  const textsOf = `/src/services/i18n/locales/${language}/`;
  return {
    name: 'preload-default-texts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        // The site's page only: the built-in games' page reads texts of its own.
        if (!context.bundle || context.path !== '/index.html') return [];
        const files = new Set(namespaces.map((namespace) => `${textsOf}${namespace}.json`));
        return Object.values(context.bundle)
          .filter(
            (output) =>
              output.type === 'chunk' &&
              [...files].some((file) => output.facadeModuleId?.endsWith(file)),
          )
          .map((chunk) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
