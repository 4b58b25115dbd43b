/**
 * A part of a session that parts built before it report to: the record flow takes the poller, the
 * queue and the downloads, which tell it of every record they see, so it is built after them and
 * set here. A session is built in one go, so nothing reads one before it is set.
 */
export class Later<T> {
  private readonly name: string;
  private part: T | null = null;

  constructor(name: string) {
    this.name = name;
  }

  set(part: T): void {
    this.part = part;
  }

  get(): T {
    if (this.part === null) throw new Error(`The session used ${this.name} before building it.`);
    return this.part;
  }
}
