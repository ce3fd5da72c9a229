import { chromium } from '@playwright/test';
const [,, who = 'demo_agent1', lang = 'en', device = 'desktop', pagesArg = 'agentTeamOverview', theme = 'light'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const context = await browser.newContext(device === 'phone' ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 860 } });
await context.addInitScript(([token, lang, theme]) => { sessionStorage.setItem('token', token); localStorage.setItem('lang', lang); localStorage.setItem('theme', theme); }, [`tokenview-${who}`, lang, theme]);
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
for (const key of pagesArg.split(',')) {
  await page.goto(`http://localhost:8731/?ac=${key}`);
  await page.getByTestId('agent-center').waitFor({ timeout: 15000 });
  await page.waitForTimeout(1500);
  const file = `/tmp/shots-ag-ui/${who}-${key}-${lang}-${device}-${theme}.png`;
  await page.screenshot({ path: file });
  console.log(file);
}
await browser.close();
