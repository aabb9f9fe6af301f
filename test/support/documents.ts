/** Random valid CPFs and CNPJs, so every test client has its own document. */
function digit(base: number[], weights: number[]): number {
  const rest = base.reduce((acc, d, i) => acc + d * weights[i], 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

function randomDigits(n: number): number[] {
  return Array.from({ length: n }, () => Math.floor(Math.random() * 10));
}

export function randomCpf(): string {
  const base = randomDigits(9);
  const d1 = digit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = digit([...base, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, d1, d2].join('');
}

export function randomCnpj(): string {
  const base = [...randomDigits(8), 0, 0, 0, 1];
  const d1 = digit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = digit([...base, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, d1, d2].join('');
}
