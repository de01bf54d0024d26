/**
 * What the database layer logs with (the embedded server's supervisor, the listening connection): pino's
 * `(object, message)` form, so that app.log fits as it is.
 */
export interface DatabaseLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** For the callers without a logger (the tests' global setup, scripts): the messages on stderr. */
export const CONSOLE_LOG: DatabaseLog = {
  info: (details, message) => console.error(message, details),
  warn: (details, message) => console.error(message, details),
  error: (details, message) => console.error(message, details),
};
