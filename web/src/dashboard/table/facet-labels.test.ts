import { describe, expect, it } from 'vitest';
import { type LabelMemory, withRememberedLabels } from './facet-labels';

describe('the server’s labels, remembered', () => {
  it('names a chosen value the answer left out by the label an earlier answer gave', () => {
    const memory: LabelMemory = new Map();
    const first = { designer: [{ value: '1', count: 3, label: 'Astra' }] };
    expect(withRememberedLabels(first, { designer: ['1'] }, memory)).toEqual(first);
    // A search left no row of Astra's: she is chosen still, with 0, by name.
    expect(
      withRememberedLabels(
        { designer: [{ value: '2', count: 5, label: 'Borealis' }] },
        { designer: ['1'] },
        memory,
      ),
    ).toEqual({
      designer: [
        { value: '2', count: 5, label: 'Borealis' },
        { value: '1', count: 0, label: 'Astra' },
      ],
    });
  });

  it('adds nothing for a value never named, nor before the first answer', () => {
    const memory: LabelMemory = new Map();
    expect(withRememberedLabels(undefined, { designer: ['1'] }, memory)).toBeUndefined();
    expect(withRememberedLabels({ designer: [] }, { designer: ['1'] }, memory)).toEqual({
      designer: [],
    });
    expect(withRememberedLabels({ status: [{ value: 'open', count: 2 }] }, {}, memory)).toEqual({
      status: [{ value: 'open', count: 2 }],
    });
  });
});
