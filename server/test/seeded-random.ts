/** A small seeded generator for tests: the same data every run, so a failure can be read again. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 2_246_822_507) + 0x9e3779b9) >>> 0;
    return state / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    some: <T>(list: readonly T[]) => list.filter(() => next() < 0.4),
    chance: (p: number) => next() < p,
  };
}
