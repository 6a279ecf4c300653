/**
 * Requests that reach the same step in one turn of the event loop, answered by one statement for the group
 * (group commit, issue 17). `run` gets the group's inputs and answers each, in order. The group is sent once the
 * turn's other requests have reached this point (setImmediate: the embedded database runs a statement without
 * yielding to I/O, so waiting for the statement in flight would gather nobody), so under load a group gathers the
 * requests that arrived together. Used for the nonce claims and session look-ups every signed call makes on
 * PostgreSQL, and for the visitor tokens' standing (sessions.ts).
 */
export interface GroupOptions {
  /** Inputs per run at most (a statement's parameters are limited); a larger group runs in turn, in order. */
  maxGroup?: number;
  /**
   * A run that fails is made again one input at a time, so each caller gets only its own error (or success):
   * for writes where one bad row must not fail the others. Without it every caller of the group gets the error.
   */
  retryAlone?: boolean;
}

export function groupPerTurn<I, O>(run: (inputs: I[]) => Promise<O[]>, options: GroupOptions = {}): (input: I) => Promise<O> {
  const { maxGroup = Infinity, retryAlone = false } = options;
  type Waiting = { input: I; done: (out: O) => void; fail: (err: unknown) => void };
  let waiting: Waiting[] = [];
  const answer = async (group: Waiting[]) => {
    try {
      const outs = await run(group.map((w) => w.input));
      group.forEach((w, i) => w.done(outs[i]));
    } catch (err) {
      if (!retryAlone || group.length === 1) for (const w of group) w.fail(err);
      else for (const w of group) await answer([w]);
    }
  };
  const flush = async () => {
    const all = waiting;
    waiting = [];
    for (let i = 0; i < all.length; i += maxGroup) await answer(all.slice(i, i + maxGroup));
  };
  return (input) =>
    new Promise<O>((done, fail) => {
      waiting.push({ input, done, fail });
      if (waiting.length === 1) setImmediate(() => void flush());
    });
}
