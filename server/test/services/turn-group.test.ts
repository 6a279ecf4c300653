import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupPerTurn } from '../../src/services/turn-group';

/** A run that records its groups and fails on a group holding a "bad" input. */
function recorder() {
  const groups: string[][] = [];
  const run = async (inputs: string[]) => {
    groups.push(inputs);
    if (inputs.includes('bad')) throw new Error(`bad in ${inputs.join(',')}`);
    return inputs.map((i) => i.toUpperCase());
  };
  return { groups, run };
}

describe('groupPerTurn', () => {
  it('answers the inputs of one turn with one run, each its own output in order', async () => {
    const { groups, run } = recorder();
    const ask = groupPerTurn(run);
    assert.deepEqual(await Promise.all(['a', 'b', 'c'].map(ask)), ['A', 'B', 'C']);
    assert.deepEqual(groups, [['a', 'b', 'c']]);
    // A later turn is a group of its own.
    assert.equal(await ask('d'), 'D');
    assert.deepEqual(groups, [['a', 'b', 'c'], ['d']]);
  });

  it('splits a turn into runs of at most maxGroup, in order', async () => {
    const { groups, run } = recorder();
    const ask = groupPerTurn(run, { maxGroup: 2 });
    assert.deepEqual(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(ask)), ['A', 'B', 'C', 'D', 'E']);
    assert.deepEqual(groups, [['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails every caller of a failed group, unless retryAlone runs each again on its own', async () => {
    const together = groupPerTurn(recorder().run);
    const shared = await Promise.allSettled(['a', 'bad', 'c'].map(together));
    assert.deepEqual(shared.map((r) => r.status), ['rejected', 'rejected', 'rejected']);

    const { groups, run } = recorder();
    const alone = groupPerTurn(run, { retryAlone: true, maxGroup: 2 });
    const own = await Promise.allSettled(['a', 'bad', 'c', 'd'].map(alone));
    assert.deepEqual(own.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)), ['A', 'bad in bad', 'C', 'D']);
    // The failed pair ran again one by one; the next pair ran as a group.
    assert.deepEqual(groups, [['a', 'bad'], ['a'], ['bad'], ['c', 'd']]);
  });
});
