import { containsText } from '../format/search';

/**
 * `showSearch` of a Select whose options are filtered in the browser: the typed text is looked for in each option's
 * label, case and accents aside, as the API's searches (`containsText`): « cote » offers « Côté Cœur », « ELODIE »
 * offers « Élodie Moreau ». A label that is not a text matches nothing.
 */
export const labelSearch = {
  filterOption: (input: string, option?: { label?: unknown }) =>
    typeof option?.label === 'string' && containsText(option.label, input),
};
