/**
 * The figures a bench wants in the closing summary of `npm run bench`: each with the goal it is held
 * to, so one run shows every goal met or missed side by side.
 */
export interface Figure {
  figure: string;
  value: string;
  goal: string;
  /** null: a figure without a goal, shown for context. */
  met: boolean | null;
}

const figures: Figure[] = [];

export function record(figure: Figure): void {
  figures.push(figure);
}

export function recorded(): readonly Figure[] {
  return figures;
}

export function printSummary(): void {
  if (figures.length === 0) return;
  const width = Math.max(...figures.map((f) => f.figure.length), 6);
  const valueWidth = Math.max(...figures.map((f) => f.value.length), 5);
  process.stdout.write('\n## summary\n');
  for (const f of figures) {
    const mark = f.met === null ? '    ' : f.met ? ' ok ' : 'MISS';
    process.stdout.write(`${mark}  ${f.figure.padEnd(width)}  ${f.value.padEnd(valueWidth)}  goal ${f.goal}\n`);
  }
}
