// Apart from days.ts, which the shell's start-up reads (format/dates.ts): that file stays free of TypeBox, the
// schema library the login page does not download (e2e/tests/first-load.test.ts).
import { Type } from 'typebox';
import { BIRTH_DATE_FORMAT } from './days';

/** A birth date: a calendar day in range and not in the future. */
export const BirthDate = Type.String({ format: BIRTH_DATE_FORMAT });
