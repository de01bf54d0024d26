import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8190';
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (const width of [1366, 375]) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: width === 375 ? 800 : 850 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByLabel('Adresse e-mail').fill(process.env.WHO === 'admin' ? 'admin@ebas3.fr' : 'agent@ebas3.fr');
  await page.getByLabel('Mot de passe').fill(process.env.WHO === 'admin' ? 'Admin!2023' : 'Agent!2023');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/dashboard');
  for (const path of pages) {
    const [p, action] = path.split('#');
    await page.goto(p!);
    await page.waitForTimeout(2500);
    if (action === 'bell') { await page.getByRole('button', { name: /Notifications/ }).first().click(); await page.waitForTimeout(1500); }
    const name = `${p!.replace(/[^a-z0-9]+/gi, '_')}${action ? '_' + action : ''}-${width}`;
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false });
    console.log('shot', name, 'scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
  }
  console.log(width, 'errors', JSON.stringify(errors));
  await context.close();
}
await browser.close();
