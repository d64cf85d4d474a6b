/** A comparator of slots: negative when `a` comes first. */
export type Order = (a: number, b: number) => number;

/**
 * The first `k` slots in an order, kept in a heap whose root is the worst of them: a page of 20
 * out of 300,000 matches costs a comparison each, not a sort of them all.
 */
export class TopK {
  private readonly heap: number[] = [];
  constructor(
    private readonly k: number,
    private readonly order: Order,
  ) {}

  offer(slot: number): void {
    const { heap, k, order } = this;
    if (k <= 0) return;
    if (heap.length < k) {
      heap.push(slot);
      this.up(heap.length - 1);
    } else if (order(slot, heap[0]!) < 0) {
      heap[0] = slot;
      this.down(0);
    }
  }

  sorted(): number[] {
    return [...this.heap].sort(this.order);
  }

  /** Worse slots rise to the root. */
  private up(index: number): void {
    const { heap, order } = this;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (order(heap[index]!, heap[parent]!) <= 0) return;
      const moved = heap[index]!;
      heap[index] = heap[parent]!;
      heap[parent] = moved;
      index = parent;
    }
  }

  private down(index: number): void {
    const { heap, order } = this;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let worst = index;
      if (left < heap.length && order(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < heap.length && order(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === index) return;
      const moved = heap[index]!;
      heap[index] = heap[worst]!;
      heap[worst] = moved;
      index = worst;
    }
  }
}
