/** Slots grouped by a column's value (town, choice code). */
export class Groups {
  private readonly groups = new Map<number, Set<number>>();

  add(key: number, slot: number): void {
    let slots = this.groups.get(key);
    if (!slots) this.groups.set(key, (slots = new Set()));
    slots.add(slot);
  }

  delete(key: number, slot: number): void {
    this.groups.get(key)?.delete(slot);
  }

  slots(key: number): Set<number> | undefined {
    return this.groups.get(key);
  }
}
