/**
 * How many of something each client address holds open at once (WebSockets, plain connections),
 * under a cap. An address holding none is not kept, so the map is as large as what is open.
 */
export class AddressCounts {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** One more for `address`; false, and nothing counted, when it already holds the cap. */
  add(address: string): boolean {
    const held = this.open.get(address) ?? 0;
    if (held >= this.max) return false;
    this.open.set(address, held + 1);
    return true;
  }

  /** Whether `address` holds the cap. */
  full(address: string): boolean {
    return (this.open.get(address) ?? 0) >= this.max;
  }

  remove(address: string): void {
    const held = (this.open.get(address) ?? 1) - 1;
    if (held > 0) this.open.set(address, held);
    else this.open.delete(address);
  }

  /** What each address holds now (for benchmarks and operators). */
  entries(): IterableIterator<[string, number]> {
    return this.open.entries();
  }
}
