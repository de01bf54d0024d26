import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const context = await browser.newContext({ baseURL: 'http://127.0.0.1:8190', viewport: { width: 375, height: 800 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
const page = await context.newPage();
await page.goto('/');
await page.getByLabel('Adresse e-mail').fill(process.env.WHO === 'admin' ? 'admin@ebas3.fr' : 'agent@ebas3.fr');
await page.getByLabel('Mot de passe').fill(process.env.WHO === 'admin' ? 'Admin!2023' : 'Agent!2023');
await page.getByRole('button', { name: 'Se connecter' }).click();
await page.waitForURL('**/dashboard');
for (const p of process.argv.slice(2)) {
  await page.goto(p); await page.waitForTimeout(3000);
  const wide = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => { const r = e.getBoundingClientRect(); if (!(r.right > window.innerWidth + 1 && r.width > 0)) return false; for (let a = e.parentElement; a; a = a.parentElement) { const o = getComputedStyle(a).overflowX; if (o !== 'visible') return false; } return true; }).slice(0, 8).map((e) => `${e.tagName}.${String(e.className).slice(0, 60)} right=${Math.round(e.getBoundingClientRect().right)} text=${(e.textContent ?? '').slice(0, 40)}`));
  console.log(p, JSON.stringify(wide, null, 1));
}
await browser.close();
