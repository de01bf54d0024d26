import { screen, within } from '@testing-library/react';
import { formatMoney } from 'shared';

/** Test helpers of the two reservation fiches (their tests only). */

/** Money as the page shows it, with the no-break spaces testing-library normalises to spaces. */
export const euros = (value: string) => formatMoney(value).replace(/\s/g, ' ');

/** The text of a bordered Descriptions item. */
export const item = (label: string) =>
  screen.getByText(label).closest('.ant-descriptions-item-label')?.nextElementSibling?.textContent;

/** The card titled `title`. */
export const card = (title: string) =>
  screen
    .getAllByText(title)
    .find((element) => element.closest('.ant-card-head'))!
    .closest('.ant-card') as HTMLElement;

/** The title row of a fiche: number, tags and action buttons. */
export const header = (title: RegExp) =>
  screen.getByText(title).closest('[data-fiche-heading]') as HTMLElement;

/** The button of an open dialog showing exactly this text. */
export const dialogButton = (dialog: HTMLElement, text: string) =>
  within(dialog)
    .getAllByRole('button')
    .find((button) => button.textContent?.trim() === text)!;
