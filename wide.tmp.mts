import { chromium } from 'playwright-core';
const [url, path, user, pass] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto(url + '/');
await page.getByLabel('Email or user name').fill(user);
await page.getByLabel('Password', { exact: true }).fill(pass);
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL(/home|overview/);
for (const p of path.split(',')) {
  await page.goto(url + p.replace('ME', await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? localStorage.getItem('identity') ?? '{}').id ?? '')));
  await page.waitForLoadState('networkidle');
  const wide = await page.evaluate(() => [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).filter((e) => e.parentElement && e.parentElement.getBoundingClientRect().right <= window.innerWidth + 1).slice(0, 12).map((e) => `${e.tagName}.${String(e.className).slice(0, 80)} ${Math.round(e.getBoundingClientRect().right)}`));
  console.log(p, await page.evaluate(() => document.documentElement.scrollWidth), '\n ', wide.join('\n  '));
  await page.screenshot({ path: `/tmp/shot-${p.replace(/\W/g, '_')}.png`, fullPage: true });
}
await browser.close();
