/** What the browser tests do with antd screens, the way a user does it (labels, roles, keyboard). */
import type { Locator, Page } from 'playwright-core';

/** Uses the column's own search control (keyboard-reachable), as a user would. */
export async function searchColumn(page: Page, column: string, text: string): Promise<void> {
  // The keyboard control sits inside antd's own filter trigger: both open the same search box.
  await page
    .getByRole('button', { name: `Rechercher dans la colonne ${column}` })
    .first()
    .click();
  const input = page.getByRole('textbox', { name: `Rechercher dans « ${column} »` });
  await input.fill(text);
  const answered = searchAnswer(page, text);
  await input.press('Enter');
  await answered;
  // Once the answer is in, its rows replace the previous ones when the spinner goes.
  await page.waitForFunction(() => !document.querySelector('.ant-table-wrapper .ant-spin-spinning'));
}

/**
 * The API's answer to a list request searching `text` (in its query string or its JSON body). Until it comes the
 * table keeps the previous rows under its spinner, and the router changes the URL before the table re-renders: a
 * cell looked up at once may be one of the previous rows (the unfiltered first page of residents has two « Mariam »
 * on some days of the demo data).
 */
function searchAnswer(page: Page, text: string) {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (!new URL(request.url()).pathname.startsWith('/api/')) return false;
    const inQuery = [...new URL(request.url()).searchParams.values()].includes(text);
    return inQuery || (request.postData() ?? '').includes(JSON.stringify(text));
  });
}

/** What an antd 6 Select shows once it holds a value (single: the content box; multiple: its tags). */
const SELECTED_VALUE = '.ant-select-content-has-value, .ant-select-selection-item';

/** No antd dropdown left open (a closing one, still animating, would catch the next field's click). */
export const dropdownsClosed = (page: Page) =>
  page.waitForFunction(
    () => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
  );

/** The option the keyboard is on in the open list. */
const activeOption = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-active');

/**
 * Chooses an option of an antd Select with the keyboard, as a keyboard user does: the list opens, the arrow keys
 * move to the first option showing `text` (any option when absent), Enter takes it. Clicking instead can miss on a
 * loaded machine: the list may still be moving (it flips above the field) when the click lands. Checks the field
 * now shows a value, retried three times.
 */
async function chooseWithKeyboard(
  page: Page,
  field: ReturnType<Page['getByLabel']>,
  text?: string,
): Promise<void> {
  const select = field.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  const shown =
    text === undefined
      ? select.locator(SELECTED_VALUE)
      : select.locator(SELECTED_VALUE).filter({ hasText: text });
  for (let attempt = 1; ; attempt++) {
    await dropdownsClosed(page);
    await field.focus();
    const searchable = (await select.getAttribute('class'))?.includes('ant-select-show-search') ?? false;
    if (text !== undefined && searchable) await field.fill(text);
    // The search is debounced: let the last answer land (no spinner in the field) before choosing.
    await select.locator('.anticon-loading').waitFor({ state: 'detached' });
    if (text === undefined || !searchable) await field.press('ArrowDown');
    const wanted = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter(text === undefined ? {} : { hasText: text });
    await wanted.first().waitFor();
    for (let moves = 0; moves < 50; moves++) {
      const active = await activeOption(page)
        .textContent({ timeout: 5_000 })
        .catch(() => null);
      if (active !== null && (text === undefined || active.includes(text))) break;
      await field.press('ArrowDown');
    }
    await field.press('Enter');
    await dropdownsClosed(page);
    if ((await shown.count()) > 0) return;
    if (attempt === 3)
      throw new Error(`Le champ n’a pas pris la valeur ${text ? `« ${text} »` : 'demandée'}`);
  }
}

/** Picks the first option of an antd Select (keyboard) and checks the field now shows a value. */
export const pickFirstOption = (page: Page, field: ReturnType<Page['getByLabel']>) =>
  chooseWithKeyboard(page, field);

/** Takes the first option of an antd Select showing `text` (typed into the field when it searches). */
export const chooseOption = (page: Page, field: ReturnType<Page['getByLabel']>, text: string) =>
  chooseWithKeyboard(page, field, text);

/** Types a date and leaves the field with Tab (Enter would submit the whole form). */
export async function typeDate(field: ReturnType<Page['getByLabel']>, value: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await field.fill(value);
    await field.press('Tab');
    if ((await field.inputValue()) === value || attempt === 3) return;
  }
}

/** A class antd's motion gives an element while it comes in (rc-motion: `<motion>-appear|enter[-start|-active]`). */
const COMING_IN = /-(appear|enter)(-start|-active)?$/;

/**
 * Waits until a dialog has come in. antd zooms a modal in from the click that opened it, and slides a drawer in: a
 * click on one of its controls during that motion can be pressed on the control and released beside it, and the
 * browser then clicks neither — the dialog stays open and says nothing (a CI run on an idle machine). Playwright's
 * own wait for a still element can pass in the frames where the motion is prepared but not yet running.
 */
export async function settled(dialog: Locator, timeout = 10_000): Promise<Locator> {
  const element = await dialog.elementHandle();
  try {
    // No named function inside: tsx would wrap it in a helper the page does not have.
    await dialog.page().waitForFunction(
      ({ element, source }) => {
        const comingIn = new RegExp(source);
        for (let node: Element | null = element; node; node = node.parentElement)
          if (Array.from(node.classList).some((name) => comingIn.test(name))) return false;
        return true;
      },
      { element, source: COMING_IN.source },
      { polling: 'raf', timeout },
    );
  } catch (error) {
    throw new Error(`La fenêtre est encore en mouvement après ${timeout / 1000} s`, { cause: error });
  } finally {
    await element.dispose();
  }
  return dialog;
}

/** Clicks what opens a dialog and gives the dialog once it has come in. */
export async function openDialog(trigger: Locator, dialog: Locator): Promise<Locator> {
  await trigger.click();
  return settled(dialog);
}

/**
 * Submits a dialog with its OK button (`okText`) and waits for it to close; when it stays open, says why: its
 * validation messages, the API's inline error, or that the answer is still awaited.
 */
export async function submitAction(dialog: Locator, okText: string, timeout = 20_000): Promise<void> {
  await settled(dialog);
  const ok = dialog.getByRole('button', { name: okText, exact: true });
  await ok.click();
  try {
    await dialog.waitFor({ state: 'hidden', timeout });
  } catch (error) {
    const shown = await dialog
      .locator('.ant-form-item-explain-error, .ant-alert-title, .ant-alert-message')
      .allTextContents();
    const awaited = (await ok.getAttribute('class'))?.includes('ant-btn-loading')
      ? ' (la réponse est toujours attendue)'
      : '';
    throw new Error(`La fenêtre est restée ouverte${awaited} : ${shown.join(' | ') || 'aucun message'}`, {
      cause: error,
    });
  }
}
