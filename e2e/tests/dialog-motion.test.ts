import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { settled, submitAction } from '../support/ui';

let browser: Browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/**
 * A dialog as antd shows it while it comes in: rc-motion's classes on it for 300 ms, then on its wrapper until
 * 600 ms (`wrapStill` says when they went); `clicks` counts the clicks its OK button takes.
 */
const ZOOMING_DIALOG = `
  <div class="ant-modal-wrap">
    <div role="dialog" aria-label="Essai" class="ant-modal ant-zoom-appear ant-zoom-appear-active ant-zoom">
      <button type="button" onclick="window.clicks = (window.clicks ?? 0) + 1; this.closest('[role=dialog]').remove()">OK</button>
    </div>
  </div>
  <script>
    const dialog = document.querySelector('[role=dialog]');
    const wrap = document.querySelector('.ant-modal-wrap');
    setTimeout(() => {
      dialog.className = 'ant-modal';
      wrap.classList.add('ant-drawer-panel-motion-right-enter-start');
    }, 300);
    setTimeout(() => {
      wrap.className = 'ant-modal-wrap';
      window.wrapStill = performance.now();
    }, 600);
  </script>`;

test('settled() waits until neither the dialog nor its ancestors carry a motion class', async () => {
  const page = await browser.newPage();
  try {
    await page.setContent(ZOOMING_DIALOG);
    const dialog = await settled(page.getByRole('dialog', { name: 'Essai' }));
    const state = await page.evaluate(() => ({
      wrapStill: (window as unknown as { wrapStill?: number }).wrapStill,
      classes: document.querySelector('[role=dialog]')?.className,
    }));
    assert.equal(state.classes, 'ant-modal');
    assert.ok(state.wrapStill !== undefined, 'the wrapper was still moving when settled() returned');

    await submitAction(dialog, 'OK');
    assert.equal(await page.evaluate(() => (window as unknown as { clicks?: number }).clicks), 1);
  } finally {
    await page.close();
  }
});

test('settled() says so when a dialog never stops moving', async () => {
  const page = await browser.newPage();
  try {
    await page.setContent('<div role="dialog" class="ant-modal ant-zoom-appear">x</div>');
    await assert.rejects(settled(page.getByRole('dialog'), 500), /encore en mouvement après 0.5 s/);
  } finally {
    await page.close();
  }
});
