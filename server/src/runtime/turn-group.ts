/**
 * Requests that reach the same step in one turn of the event loop, answered by one statement for the group
 * (group commit). `run` gets the group's inputs and answers each, in order. The group is sent once the
 * turn's other requests have reached this point (setImmediate: the embedded database runs a statement without
 * yielding to I/O, so waiting for the statement in flight would gather nobody), so under load a group gathers the
 * requests that arrived together. Used for the nonce claims and session look-ups every signed call makes on
 * PostgreSQL, for the visitor tokens' standing (sessions.ts) and for the review summaries (comments.ts).
 */
export function groupPerTurn<I, O>(run: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  type Waiting = { input: I; done: (out: O) => void; fail: (err: unknown) => void };
  let waiting: Waiting[] = [];
  // Every caller of a failed group gets its error: the groups are look-ups and nonce claims whose inputs were
  // checked before they got here, so a failure is the database's, not one input's. Inputs go in as arrays (one
  // parameter each), so a group of any size is one statement.
  const flush = async () => {
    const group = waiting;
    waiting = [];
    try {
      const outs = await run(group.map((w) => w.input));
      group.forEach((w, i) => w.done(outs[i]));
    } catch (err) {
      for (const w of group) w.fail(err);
    }
  };
  return (input) =>
    new Promise<O>((done, fail) => {
      waiting.push({ input, done, fail });
      if (waiting.length === 1) setImmediate(() => void flush());
    });
}
