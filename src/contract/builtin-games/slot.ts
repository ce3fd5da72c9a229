import { type RandomSource, uniformInt } from './fair.ts';

/**
 * A 5-reel, 3-row slot with 10 paylines. Each reel stops at a uniform position of its strip; a
 * line pays when 3, 4 or 5 of a symbol run from the leftmost reel, the wild standing in for any
 * symbol (a run of wilds pays as wilds when that is more). The stake is split evenly over the
 * lines. `slotRtp` is the exact return of these strips and this paytable (`slotExactRtp`
 * recomputes it; the unit test checks both and a simulation of 10^6 spins).
 */
export const slotRtp = 0.9554;

export const slotSymbols = ['wild', 'seven', 'bar', 'bell', 'star', 'plum', 'cherry'] as const;
export type SlotSymbol = (typeof slotSymbols)[number];

/** What 3, 4 and 5 in a row pay, in line bets (a line bet is the stake / 10). */
export const slotPaytable: Readonly<Record<SlotSymbol, readonly [number, number, number]>> = {
  wild: [20, 60, 200],
  seven: [15, 50, 150],
  bar: [10, 30, 100],
  bell: [8, 20, 60],
  star: [5, 12, 40],
  plum: [4, 8, 20],
  cherry: [2, 5, 12],
};

// Symbol indexes into slotSymbols: 0 wild, 1 seven, 2 bar, 3 bell, 4 star, 5 plum, 6 cherry.
// Each strip holds 3 wilds, 1 seven, 2 bars, 3 bells, 4 stars, 6 plums and 8 cherries.
const strip = [6, 5, 4, 6, 0, 3, 6, 5, 2, 6, 4, 5, 6, 1, 3, 6, 5, 4, 0, 6, 5, 3, 6, 4, 2, 5, 0];
const rotate = (by: number) => [...strip.slice(by), ...strip.slice(0, by)];

/** The five reel strips (symbol indexes), each read top to bottom from its stop. */
export const slotReels: readonly (readonly number[])[] = [
  strip,
  rotate(7),
  rotate(13),
  rotate(19),
  rotate(23),
];

export const slotRows = 3;

/** The 10 paylines: the row on each reel. */
export const slotPaylines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];

export type SlotLineWin = { line: number; symbol: SlotSymbol; count: number; pays: number };
export type SlotResult = {
  stops: number[];
  /** grid[row][reel]: the symbols shown. */
  grid: SlotSymbol[][];
  lines: SlotLineWin[];
  multiplier10k: number;
};

/** What one line of symbol indexes pays, in line bets, with the symbol and run length. */
export function slotLinePay(symbols: readonly number[]): {
  symbol: number;
  count: number;
  pays: number;
} {
  let lead = 0;
  while (lead < symbols.length && symbols[lead] === 0) lead++;
  const wildPays = lead >= 3 ? slotPaytable.wild[lead - 3]! : 0;
  if (lead === symbols.length) return { symbol: 0, count: lead, pays: wildPays };
  const symbol = symbols[lead]!;
  let count = lead;
  while (count < symbols.length && (symbols[count] === symbol || symbols[count] === 0)) count++;
  const symbolPays = count >= 3 ? slotPaytable[slotSymbols[symbol]!][count - 3]! : 0;
  if (wildPays > symbolPays) return { symbol: 0, count: lead, pays: wildPays };
  return { symbol, count, pays: symbolPays };
}

/** The grid and line wins of given stops. */
export function slotResultOf(stops: readonly number[]): SlotResult {
  const indexes = Array.from({ length: slotRows }, (_, row) =>
    slotReels.map((reel, r) => reel[(stops[r]! + row) % reel.length]!),
  );
  const lines: SlotLineWin[] = [];
  let total = 0;
  slotPaylines.forEach((rows, line) => {
    const win = slotLinePay(rows.map((row, reel) => indexes[row]![reel]!));
    if (win.pays > 0) {
      lines.push({ line, symbol: slotSymbols[win.symbol]!, count: win.count, pays: win.pays });
      total += win.pays;
    }
  });
  return {
    stops: [...stops],
    grid: indexes.map((row) => row.map((index) => slotSymbols[index]!)),
    lines,
    // Line bets are tenths of the stake: total line bets x 1000 ten-thousandths.
    multiplier10k: (total * 10_000) / slotPaylines.length,
  };
}

/** One spin: a uniform stop per reel. */
export function playSlot(source: RandomSource): SlotResult {
  return slotResultOf(slotReels.map((reel) => uniformInt(source, reel.length)));
}

/**
 * The exact return: every line has the same chance of each symbol sequence (reels stop
 * independently and uniformly), so the return is one line's expected pay in line bets.
 */
export function slotExactRtp(): number {
  const frequency = slotReels.map((reel) => {
    const counts = new Map<number, number>();
    for (const symbol of reel) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return [...counts].map(([symbol, count]) => [symbol, count / reel.length] as const);
  });
  let expected = 0;
  const line: number[] = [];
  const walk = (reel: number, chance: number) => {
    if (reel === frequency.length) {
      expected += chance * slotLinePay(line).pays;
      return;
    }
    for (const [symbol, p] of frequency[reel]!) {
      line[reel] = symbol;
      walk(reel + 1, chance * p);
    }
  };
  walk(0, 1);
  return expected;
}
