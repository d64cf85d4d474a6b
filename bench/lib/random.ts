// The benchmarks' small deterministic generator (xorshift32): the same seed gives the same data,
// so runs stay comparable (generate.ts, alerts-setup.ts).

export interface Random {
  /** A number in [0, 1). */
  rand: () => number;
  pick: <T>(list: readonly T[]) => T;
  /** Zipf-like: the first entries get most of the weight, as big cities and busy categories do. */
  skewed: <T>(list: readonly T[]) => T;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
}

export function createRandom(seed: number): Random {
  let state = seed;
  const rand = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  return {
    rand,
    pick: (list) => list[Math.floor(rand() * list.length)]!,
    skewed: (list) => list[Math.floor(list.length * rand() ** 2.2)]!,
    chance: (p) => rand() < p,
  };
}
