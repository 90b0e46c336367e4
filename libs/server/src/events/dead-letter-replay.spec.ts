import { type DeadLetter, parseReplayArguments, planReplay, readDeadLetter, ReplayUsageError } from './dead-letter-replay';

const letter = (partition: number, offset: number, at: string, eventId?: string): DeadLetter => ({
  partition,
  offset: String(offset),
  at: new Date(at),
  reason: 'probe: poison probe',
  original: { id: eventId },
  eventId,
  key: 'k',
});

describe('parseReplayArguments', () => {
  it('reads the dead-letter topic, its topic, an ISO --since and --dry-run, in either spelling', () => {
    expect(parseReplayArguments(['--topic', 'wardrobe.item-saved.v1.dlt'])).toEqual({
      deadLetterTopic: 'wardrobe.item-saved.v1.dlt',
      topic: 'wardrobe.item-saved.v1',
      since: undefined,
      dryRun: false,
    });
    expect(parseReplayArguments(['--dry-run', '--topic=wardrobe.item-saved.v1.dlt', '--since', '2026-11-27T10:00:00Z'])).toMatchObject({
      since: new Date('2026-11-27T10:00:00Z'),
      dryRun: true,
    });
    expect(parseReplayArguments(['--topic', 'wardrobe.item-saved.v1.dlt', '--since=2026-11-27']).since).toEqual(new Date('2026-11-27T00:00:00Z'));
  });

  it.each([
    [[], /--topic is required/],
    [['--topic'], /--topic needs a value/],
    [['--topic', '--dry-run'], /--topic needs a value/],
    [['--topic', 'wardrobe.item-saved.v1'], /not a dead-letter topic/],
    [['--topic', 'nobody.nothing.v1.dlt'], /not one of the product's topics/],
    [['--topic', 'wardrobe.item-saved.v1.dlt', '--since', 'yesterday'], /not an ISO time/],
    [['--topic', 'wardrobe.item-saved.v1.dlt', '--since', '2026-13-45'], /not an ISO time/],
    [['--topic', 'wardrobe.item-saved.v1.dlt', '--force'], /Unknown argument: --force/],
    [['--topic', 'wardrobe.item-saved.v1.dlt', '--dry-run=no'], /Unknown argument/],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(() => parseReplayArguments(argv)).toThrow(ReplayUsageError);
    expect(() => parseReplayArguments(argv)).toThrow(message);
  });
});

describe('planReplay', () => {
  it('puts back each dead letter not replayed before, from --since on, one per event id', () => {
    const letters = [
      letter(0, 0, '2026-11-01T00:00:00Z', 'e-old'),
      letter(0, 1, '2026-11-02T00:00:00Z', 'e-done'),
      letter(0, 2, '2026-11-03T00:00:00Z', 'e-twice'),
      letter(1, 0, '2026-11-03T00:00:01Z', 'e-twice'),
      letter(1, 1, '2026-11-04T00:00:00Z'),
    ];
    const plan = planReplay(letters, new Set(['0:1']), new Date('2026-11-02T00:00:00Z'));
    expect(plan.map((decision) => (decision.action === 'replay' ? 'replay' : decision.why))).toEqual([
      'before --since',
      'already replayed',
      'replay',
      'same event as an earlier dead letter',
      'replay',
    ]);
  });
});

describe('readDeadLetter', () => {
  it('reads what the inbox parks, and falls back to the message time when `at` is missing', () => {
    const original = { id: 'e1', key: 'item-1', payload: {} };
    const parked = readDeadLetter(2, { offset: '7', timestamp: '0', value: Buffer.from(JSON.stringify({ reason: 'r', original, at: '2026-11-27T10:00:00.000Z' })) });
    expect(parked).toEqual({ partition: 2, offset: '7', at: new Date('2026-11-27T10:00:00.000Z'), reason: 'r', original, eventId: 'e1', key: 'item-1' });
    const bare = readDeadLetter(0, { offset: '1', timestamp: '1700000000000', value: Buffer.from(JSON.stringify({ original: 'junk' })) });
    expect(bare).toMatchObject({ at: new Date(1_700_000_000_000), eventId: undefined, key: undefined, original: 'junk' });
  });

  it('ignores a message that is no dead letter', () => {
    expect(readDeadLetter(0, { offset: '0', timestamp: '0', value: Buffer.from('not json') })).toBeNull();
    expect(readDeadLetter(0, { offset: '0', timestamp: '0', value: Buffer.from('{"reason":"no original"}') })).toBeNull();
    expect(readDeadLetter(0, { offset: '0', timestamp: '0', value: null })).toBeNull();
  });
});
