/**
 * `npm run build` runs this from the bundle (dist-server/prepare-template.js): it makes the
 * seeded PGlite template the bundle's first start copies (app.ts, demoTemplateSeed; the demo
 * catalog of DEMO_CATALOG, the full one by default), so no `npm start` runs initdb or seeds the
 * catalog at its first start. A template already made for this code and these migrations is kept.
 */
import { demoTemplateSeed } from './app.ts';
import { demoCatalogOf } from './config.ts';
import { ensureTemplate } from './platform/db/pglite-template.ts';

const started = performance.now();
const template = await ensureTemplate(demoTemplateSeed(demoCatalogOf()));
console.log(
  template
    ? `PGlite template: ${template} (${Math.round(performance.now() - started)} ms)`
    : 'PGlite template: no cache folder to write; the first start makes its cluster',
);
