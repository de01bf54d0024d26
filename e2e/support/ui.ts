/** What the browser tests do with antd screens, the way a user does it (labels, roles, keyboard). */
import type { Page } from 'playwright-core';

/** Uses the column's own search control (keyboard-reachable), as a user would. */
export async function searchColumn(page: Page, column: string, text: string): Promise<void> {
  // The keyboard control sits inside antd's own filter trigger: both open the same search box.
  await page
    .getByRole('button', { name: `Rechercher dans la colonne ${column}` })
    .first()
    .click();
  const input = page.getByRole('textbox', { name: `Rechercher dans « ${column} »` });
  await input.fill(text);
  await input.press('Enter');
}

/** No antd dropdown left open (a closing one, still animating, would catch the next field's click). */
export const dropdownsClosed = (page: Page) =>
  page.waitForFunction(
    () => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
  );

/** Picks the first option of an antd Select and checks the field now shows a value (retried on a slow machine). */
export async function pickFirstOption(page: Page, field: ReturnType<Page['getByLabel']>): Promise<void> {
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    await dropdownsClosed(page);
    await field.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dropdownsClosed(page);
    if ((await select.locator('.ant-select-selection-item').count()) > 0 || attempt === 3) return;
  }
}

/** Types a date and leaves the field with Tab (Enter would submit the whole form). */
export async function typeDate(field: ReturnType<Page['getByLabel']>, value: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await field.fill(value);
    await field.press('Tab');
    if ((await field.inputValue()) === value || attempt === 3) return;
  }
}

export async function submitDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
  try {
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 20_000 });
  } catch (error) {
    // Say why the form stayed open: its validation messages and the API's inline error.
    const shown = await page
      .getByRole('dialog')
      .locator('.ant-form-item-explain-error, .ant-alert-title, .ant-alert-message')
      .allTextContents();
    throw new Error(`La fenêtre est restée ouverte : ${shown.join(' | ') || 'aucun message'}`, {
      cause: error,
    });
  }
}
