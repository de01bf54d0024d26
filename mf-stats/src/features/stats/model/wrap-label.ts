/**
 * A category's name cut into the lines of a chart's axis label: whole words, at most `maxChars` a line, at most
 * `maxLines` lines, the last ending with « … » when the name goes on. Two long names sharing their beginning (« Conseil
 * départemental du Val-de-Marne », « … de l'Essonne ») stay apart: their later words show on the next lines.
 */
export function wrapLabel(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (candidate.length <= maxChars || line === '') {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line !== '') lines.push(line);
  const cut = lines
    .slice(0, maxLines)
    .map((part) => (part.length > maxChars ? `${part.slice(0, maxChars - 1)}…` : part));
  if (lines.length > maxLines) {
    const last = cut[maxLines - 1] ?? '';
    cut[maxLines - 1] = `${last.length >= maxChars ? last.slice(0, maxChars - 1) : last}…`;
  }
  return cut;
}
