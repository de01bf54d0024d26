// What other modules may use of invoicing (the lint rule: through this file only).
export { prepareMonth, monthPeriod } from './brouillons';
