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

/** What an antd 6 Select shows once it holds a value (single: the content box; multiple: its tags). */
const SELECTED_VALUE = '.ant-select-content-has-value, .ant-select-selection-item';

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
    if ((await select.locator(SELECTED_VALUE).count()) > 0) return;
    if (attempt === 3) throw new Error('Le champ n’a pris aucune valeur');
  }
}

/**
 * Types `search` into an antd Select (server search), picks the option showing `text` once the list has settled and
 * checks the field now shows it (retried: a list re-rendered by a late answer can move the option under the click).
 */
export async function chooseOption(
  page: Page,
  field: ReturnType<Page['getByLabel']>,
  search: string,
  text: string,
): Promise<void> {
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const chosen = select.locator(SELECTED_VALUE).filter({ hasText: text });
  for (let attempt = 1; ; attempt++) {
    await dropdownsClosed(page);
    await field.click();
    await field.fill(search);
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text });
    await option.waitFor();
    // The search is debounced: let the last answer land (no spinner in the field) before clicking.
    await select.locator('.anticon-loading').waitFor({ state: 'detached' });
    await option.first().click();
    await dropdownsClosed(page);
    if ((await chosen.count()) > 0) return;
    if (attempt === 3) throw new Error(`Le champ n’a pas pris la valeur « ${text} »`);
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
