// SaxonJS ships no types; the validation uses only its transform entry point.
declare module 'saxon-js' {
  interface TransformOptions {
    /** A compiled stylesheet (SEF) as JSON text. */
    stylesheetText: string;
    sourceText: string;
    destination: 'serialized';
  }
  const SaxonJS: { transform(options: TransformOptions, mode: 'async'): Promise<unknown> };
  export default SaxonJS;
}
