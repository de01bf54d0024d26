const FOUND = Symbol.for('ebas3.antdDeprecations');

type Watched = Console & { [FOUND]?: string[] };

/**
 * antd's deprecation warnings (`[antd: Modal] `maskClosable` is deprecated…`) are console errors in development: a
 * developer running a remote standalone reads them. This watches the console for them, once per console (the setup
 * file runs for every file of a worker that shares its modules), and gives what it saw since the last call.
 */
export function takeAntdDeprecations(): string[] {
  const watched = console as Watched;
  let found = watched[FOUND];
  if (!found) {
    const seen: string[] = [];
    const original = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      const text = args.map(String).join(' ');
      if (/\[antd: [\w.]+\].*deprecated/.test(text)) seen.push(text);
      original(...args);
    };
    watched[FOUND] = found = seen;
  }
  return found.splice(0);
}
