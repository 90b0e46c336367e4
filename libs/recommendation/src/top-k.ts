/**
 * The k best of n candidates in O(n log k): a bounded min-heap whose root is
 * the worst kept candidate. `better(a, b)` must be a strict total order
 * (break ties by id) so the answer never depends on the visiting order.
 */
export function topK(candidates: Iterable<number>, k: number, better: (a: number, b: number) => boolean): number[] {
  if (k <= 0) return [];
  const heap: number[] = [];
  const worse = (a: number, b: number) => better(b, a);
  const siftUp = (index: number) => {
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!worse(heap[child] as number, heap[parent] as number)) break;
      [heap[child], heap[parent]] = [heap[parent] as number, heap[child] as number];
      child = parent;
    }
  };
  const siftDown = (index: number) => {
    let parent = index;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let worst = parent;
      if (left < heap.length && worse(heap[left] as number, heap[worst] as number)) worst = left;
      if (right < heap.length && worse(heap[right] as number, heap[worst] as number)) worst = right;
      if (worst === parent) return;
      [heap[worst], heap[parent]] = [heap[parent] as number, heap[worst] as number];
      parent = worst;
    }
  };
  for (const candidate of candidates) {
    if (heap.length < k) {
      heap.push(candidate);
      siftUp(heap.length - 1);
    } else if (better(candidate, heap[0] as number)) {
      heap[0] = candidate;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
