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

/** How many leading words `a` and `b` share. */
function sharedWords(a: string[], b: string[]): number {
  let count = 0;
  while (count < a.length && count < b.length && a[count] === b[count]) count += 1;
  return count;
}

/**
 * The last line of a name that would read like another's once wrapped: « … » and its end, from its first word that
 * differs from theirs (`from`) — and the words before it while they fit: « … solidarités 93 ».
 */
function distinctTail(words: string[], from: number, maxChars: number): string {
  const end = words.slice(from).join(' ');
  if (end.length + 2 > maxChars) return `… ${end.slice(0, Math.max(1, maxChars - 3))}…`;
  let start = from;
  while (start > 0 && `… ${words.slice(start - 1).join(' ')}`.length <= maxChars) start -= 1;
  return `… ${words.slice(start).join(' ')}`;
}

/**
 * The axis labels of a chart's categories, by name: each wrapped as `wrapLabel` does, except names that would then
 * read the same (« Direction départementale de l'emploi, du travail et des solidarités 93 » and « … 94 » cut after
 * « de l'emploi, du… »): their first lines stay and the last one shows where they differ, « … solidarités 93 ».
 */
export function chartLabels(
  names: readonly string[],
  maxChars: number,
  maxLines: number,
): Map<string, string[]> {
  const labels = new Map(names.map((name) => [name, wrapLabel(name, maxChars, maxLines)] as const));
  const byText = new Map<string, string[]>();
  for (const [name, lines] of labels) {
    const text = lines.join(' ');
    byText.set(text, [...(byText.get(text) ?? []), name]);
  }
  for (const group of byText.values()) {
    if (group.length < 2) continue;
    const split = group.map((name) => name.split(/\s+/).filter(Boolean));
    group.forEach((name, index) => {
      const words = split[index]!;
      const from = Math.max(
        ...split.filter((_, other) => other !== index).map((other) => sharedWords(words, other)),
      );
      if (from >= words.length) return; // the same name twice: nothing tells them apart
      const head = labels
        .get(name)!
        .slice(0, maxLines - 1)
        .map((line) => line.replace(/…$/, ''));
      labels.set(name, [...head, distinctTail(words, from, maxChars)]);
    });
  }
  return labels;
}
