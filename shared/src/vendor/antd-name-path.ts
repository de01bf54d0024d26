/**
 * `toNamePathStr` of antd/es/form/hooks/useForm.js, the one name antd's Radio.Group takes from that module. Imported
 * from there, it brought the whole Form engine (the host's `forms` file, ≈ 19 kB brotli) to every Table, which
 * imports Radio for its selection column; the host's build gives Radio.Group this copy instead
 * (HOST_MODULE_REPLACEMENTS, shared/src/federation/host-chunks.ts). antd-name-path.test.ts compares both.
 */
export function toNamePathStr(name: unknown): string {
  const namePath = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];
  return namePath.join('_');
}
