/**
 * Requests that reach the same step in one turn of the event loop, answered by one statement for the group
 * (group commit, issue 17). `run` gets the group's inputs and answers each, in order. The group is sent once the
 * turn's other requests have reached this point (setImmediate), so under load a group gathers the requests that
 * arrived together. Used on PostgreSQL for the nonce claims and session look-ups every signed call makes; the new
 * visitors' insert (users.ts) groups the same way but also splits large groups and retries one by one.
 */
export function groupPerTurn<I, O>(run: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  let waiting: { input: I; done: (out: O) => void; fail: (err: unknown) => void }[] = [];
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
