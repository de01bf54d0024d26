import { describe, expect, it } from 'vitest';
import { containsText, searchText } from './search';

describe('searchText', () => {
  it('lower-cases, drops accents and spells ligatures out, as the API compares texts', () => {
    expect(searchText('Konaté')).toBe('konate');
    expect(searchText('KONATÉ')).toBe('konate');
    expect(searchText('kônate')).toBe('konate');
    // The accent as a combining mark (an NFD text) rather than a precomposed letter.
    expect(searchText('Konate\u0301')).toBe('konate');
    expect(searchText('Œuvray Lætitia Straße Søren')).toBe('oeuvray laetitia strasse soren');
    expect(searchText('Besançon Île-de-France')).toBe('besancon ile-de-france');
  });
});

describe('containsText', () => {
  it('finds a trimmed substring, case and accents aside, on either side', () => {
    expect(containsText('Konaté Awa', 'konate')).toBe(true);
    expect(containsText('KONATE Awa', 'Konaté')).toBe(true);
    expect(containsText('Konaté Awa', '  AWA ')).toBe(true);
    expect(containsText('Konaté Awa', 'kônaté a')).toBe(true);
    expect(containsText('Konaté Awa', 'konatee')).toBe(false);
  });

  it('matches every value without a needle, and no missing value with one', () => {
    expect(containsText('Konaté', undefined)).toBe(true);
    expect(containsText(null, '   ')).toBe(true);
    expect(containsText(null, 'a')).toBe(false);
    expect(containsText(undefined, 'a')).toBe(false);
  });

  it('takes % and _ as the characters they are', () => {
    expect(containsText('a_1%', '_1%')).toBe(true);
    expect(containsText('ab1x', 'a_1%')).toBe(false);
  });
});
