import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupPerTurn } from '../../src/runtime/turn-group';

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

  it('fails every caller of a failed group, and the next turn runs afresh', async () => {
    const { groups, run } = recorder();
    const ask = groupPerTurn(run);
    const shared = await Promise.allSettled(['a', 'bad', 'c'].map(ask));
    assert.deepEqual(
      shared.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.value)),
      ['bad in a,bad,c', 'bad in a,bad,c', 'bad in a,bad,c'],
    );
    assert.equal(await ask('d'), 'D');
    assert.deepEqual(groups, [['a', 'bad', 'c'], ['d']]);
  });
});
